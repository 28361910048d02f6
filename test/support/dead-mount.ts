// A folder on a file system that stopped answering, as a network mount whose server went away: a FUSE mount whose
// server never answers (its requests, the first included, wait in the kernel), held by a child process
// (dead-mount-holder.ts) so that a test process that blocks on it is let go too.
import { startMountHolder } from './mount-holder'

/**
 * Mounts a file system at `dir` that answers nothing for `ms` at the most, after which (or at `revive()`) its
 * connection is aborted: every call waiting on it fails (ENOTCONN) and it is unmounted.
 */
export async function deadMount(dir: string, ms: number) {
  const holder = await startMountHolder('dead-mount-holder.ts', dir, ms)
  return {
    async revive() {
      holder.kill('SIGTERM')
      await holder.exited
    },
  }
}
