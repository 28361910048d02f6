// A folder on a file system that answers every write with an error of its own (EBUSY, EAGAIN), as a network or FUSE
// file system may while it is busy: a FUSE mount served by a child process (errno-mount-holder.ts).
import { startMountHolder } from './mount-holder'

/** Mounts such a file system at `dir`, its writes answered with `errno` (16 EBUSY, 11 EAGAIN); `stop()` unmounts it. */
export async function errnoMount(dir: string, errno: number) {
  const holder = await startMountHolder('errno-mount-holder.ts', dir, errno)
  return {
    async stop() {
      holder.kill('SIGKILL')
      await holder.exited
      // Its connection ended with it; the mount is detached (umount -l), as nothing may be left waiting on it.
      Bun.spawnSync(['umount', '-l', dir])
    },
  }
}
