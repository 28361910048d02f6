import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

// A folder on a file system that stopped answering, as a network mount whose server went away: a FUSE mount whose
// server never answers (its requests, the first included, wait in the kernel), held by a child process so that a
// test process that blocks on it is let go too. Needs root and /dev/fuse (Linux), as .ci/run has: the test fails
// without them rather than being left out.

const HOLDER = join(import.meta.dir, 'dead-mount-holder.ts')

/**
 * Mounts a file system at `dir` that answers nothing for `ms` at the most, after which (or at `revive()`) its
 * connection is aborted: every call waiting on it fails (ENOTCONN) and it is unmounted.
 */
export async function deadMount(dir: string, ms: number) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !existsSync('/dev/fuse'))
    throw new Error('a dead mount needs Linux, root and /dev/fuse')
  mkdirSync(dir, { recursive: true })
  const holder = Bun.spawn([process.execPath, HOLDER, dir, String(ms)], { stdout: 'pipe', stderr: 'inherit' })
  const reader = holder.stdout.getReader()
  const { value } = await reader.read()
  if (!new TextDecoder().decode(value).startsWith('mounted')) throw new Error('the dead mount could not be made')
  return {
    async revive() {
      holder.kill('SIGTERM')
      await holder.exited
    },
  }
}
