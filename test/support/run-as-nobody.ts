// Root may do anything, so permission tests run the commands as nobody (65534), as a service account would. Nobody may
// not read a checkout in a private directory (a clone under `mktemp -d`, 0700), so as nobody the commands are the
// built executable, built into a directory anyone may read.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const ROOT = process.getuid?.() === 0
/** The command line prefix that runs a command as nobody (none when the tests are not root). */
export const AS = ROOT ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'] : []
/** The uid the commands run as. */
export const UID = ROOT ? 65534 : process.getuid?.()

/** Builds the executable for nobody when the tests are root (beforeAll), and removes it (afterAll). */
export function builtForNobody() {
  let built: { dir: string; executable: string } | undefined
  return {
    async build() {
      if (!ROOT) return
      const dir = mkdtempSync(join(tmpdir(), 'lead-signals-built-'))
      chmodSync(dir, 0o755)
      built = { dir, executable: join(dir, 'lead-signals') }
      const build = Bun.spawn([process.execPath, 'build.ts', '--outfile', built.executable], {
        cwd: resolve(import.meta.dir, '../..'),
        stdout: 'ignore',
        stderr: 'pipe',
      })
      const [stderr, code] = await Promise.all([new Response(build.stderr).text(), build.exited])
      if (code !== 0) throw new Error(`bun build.ts failed: ${stderr}`)
    },
    /** The executable to run, undefined for the source (not root). */
    executable: () => built?.executable,
    remove() {
      if (built) rmSync(built.dir, { recursive: true, force: true })
    },
  }
}
