import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Starts `holder` (a script beside this file, run as `holder dir arg`), which mounts a FUSE file system of its own at
 * `dir` and says `mounted`, and waits for that word: dead-mount.ts and errno-mount.ts start their holders so. Needs
 * root and /dev/fuse (Linux), as .ci/run has: the test fails without them rather than being left out.
 */
export async function startMountHolder(holder: string, dir: string, arg: number) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !existsSync('/dev/fuse'))
    throw new Error('a FUSE mount needs Linux, root and /dev/fuse')
  mkdirSync(dir, { recursive: true })
  const child = Bun.spawn([process.execPath, join(import.meta.dir, holder), dir, String(arg)], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const { value } = await child.stdout.getReader().read()
  if (new TextDecoder().decode(value).startsWith('mounted')) return child
  child.kill('SIGKILL')
  throw new Error(`the FUSE mount of ${holder} could not be made`)
}
