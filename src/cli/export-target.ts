import { lstatSync, type Stats, statSync } from 'node:fs'
import type { Config } from '../config/schema'
import type { AdminDeps } from '../deps'
import { databaseFiles } from '../domain/backups/backups'
import { findTeam } from '../domain/teams/teams'
import { AppError } from '../errors'

// The file an export's --out names, checked before anything is written to it (docs/operations.md#exporting-signals).

/**
 * docs/operations.md#exporting-signals: an --out that is the configured database or one of its files is refused:
 * --force renamed the export over it, and the team's whole database became a CSV. Compared by the file itself
 * (./x.db is x.db), not through a symbolic link, which --force replaces rather than what it points to.
 */
function refuseDatabase(path: string | undefined, config: Config) {
  if (path === undefined) return
  let out: Stats | undefined
  try {
    out = lstatSync(path, { throwIfNoEntry: false })
  } catch {
    return // a path that cannot be looked at: opening it says why
  }
  if (!out) return
  for (const file of databaseFiles(config)) {
    const db = statSync(file, { throwIfNoEntry: false })
    if (db && db.dev === out.dev && db.ino === out.ino)
      throw new AppError(
        'invalid_request',
        `cannot write ${JSON.stringify(path)}: it is the database (database.url) or one of its files; give another file`,
      )
  }
}

/**
 * docs/operations.md#exporting-signals: `--out` writes a file. A device or a pipe there (`--out /dev/null`) is
 * refused, with or without --force: --force removes what it replaces, and run as root it deleted /dev/null.
 */
export function refuseNonFile(path: string) {
  let found: ReturnType<typeof lstatSync>
  try {
    found = lstatSync(path, { throwIfNoEntry: false })
  } catch {
    return // a path that cannot be looked at (a file as a directory in it): opening it says why
  }
  if (!found || found.isFile() || found.isSymbolicLink()) return
  const what = found.isDirectory()
    ? 'it is a directory'
    : 'it is not a file (a device or a pipe); without --out the export goes to standard output'
  throw new AppError('invalid_request', `cannot write ${JSON.stringify(path)}: ${what}`)
}

/**
 * What an export command runs with, once its --out is known not to be the database: the team, and deps with no
 * export_cut line (the command says how its output ended, in one line or none, docs/operations.md#exporting-signals)
 * and no idle bound (its reader is the command's own output, which a pager may hold as long as it likes).
 */
export async function commandExport(deps: AdminDeps, out: string | undefined, ref: string) {
  refuseDatabase(out, deps.config)
  const team = await findTeam(deps, ref)
  return { team, quiet: { ...deps, log: { ...deps.log, info: () => {} }, exportIdleMs: Number.POSITIVE_INFINITY } }
}
