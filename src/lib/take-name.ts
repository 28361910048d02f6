import { existsSync, linkSync, renameSync } from 'node:fs'

/**
 * Gives a file written whole under a temporary name its own name, never replacing one: a link fails on a file that
 * appeared under the name meanwhile (EEXIST, thrown); a file system without links (some network shares) gets a rename
 * after one more look. The temporary name stays too when linked: the caller removes it.
 */
export function takeName(partial: string, to: string) {
  try {
    linkSync(partial, to)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST' || existsSync(to)) throw err
    renameSync(partial, to)
  }
}
