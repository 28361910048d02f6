import { access, link, rename } from 'node:fs/promises'

/**
 * Gives a file written whole under a temporary name its own name, never replacing one: a link fails on a file that
 * appeared under the name meanwhile (EEXIST, thrown); a file system without links (some network shares) gets a rename
 * after one more look. The temporary name stays too when linked: the caller removes it. Off the event loop: a folder
 * on a mount that stopped answering holds the call, not the server (docs/operations.md#a-job-that-hangs).
 */
export async function takeName(partial: string, to: string) {
  try {
    await link(partial, to)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' || (await exists(to))) throw err
    await rename(partial, to)
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  )
