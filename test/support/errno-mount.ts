import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

// A folder on a file system that answers every write with an error of its own (EBUSY, EAGAIN), as a network or FUSE
// file system may while it is busy: a FUSE mount served by a child process (errno-mount-holder.ts). Needs root and
// /dev/fuse (Linux), as .ci/run has, as dead-mount.ts does: the test fails without them rather than being left out.

const HOLDER = join(import.meta.dir, 'errno-mount-holder.ts')

/** Mounts such a file system at `dir`, its writes answered with `errno` (16 EBUSY, 11 EAGAIN); `stop()` unmounts it. */
export async function errnoMount(dir: string, errno: number) {
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || !existsSync('/dev/fuse'))
    throw new Error('a FUSE mount needs Linux, root and /dev/fuse')
  mkdirSync(dir, { recursive: true })
  const holder = Bun.spawn([process.execPath, HOLDER, dir, String(errno)], { stdout: 'pipe', stderr: 'inherit' })
  const { value } = await holder.stdout.getReader().read()
  if (!new TextDecoder().decode(value).startsWith('mounted')) throw new Error('the FUSE mount could not be made')
  return {
    async stop() {
      holder.kill('SIGKILL')
      await holder.exited
      // Its connection ended with it; the mount is detached (umount -l), as nothing may be left waiting on it.
      Bun.spawnSync(['umount', '-l', dir])
    },
  }
}
