import { AppError, appErrorIn } from '../../errors'
import type { Database } from '../../storage/engine/types'
import { asPermissionProblem } from '../../storage/db'
import { databaseDamaged, storageFailure } from '../../storage/failure'
import { migrationState, schemasOf } from '../../storage/migrate'
import { checkReadiness, probeWrite, type Readiness } from '../../storage/readiness'
import type { StuckJobs } from './stuck'

type DatabaseNeeds = { database: Pick<Database, 'client'> }

// How long GET /readyz waits for the database while a job is stuck on it (docs/api.md#health): a load balancer gives
// up on its probe within seconds, and an answer it never reads tells the operator nothing.
export const STUCK_PROBE_MS = 2000

/**
 * Ready to serve: the database answers, has this build's migrations and takes writes (GET /readyz). While a job is
 * stuck on a database that stopped answering it (stuck.ts), the same check is waited for STUCK_PROBE_MS at most: an
 * answer ends the job's stuck state (the next run starts on its schedule), none says which job is stuck and since when.
 */
export async function readiness(deps: DatabaseNeeds & { stuck: StuckJobs }): Promise<Readiness> {
  const stuck = deps.stuck.first()
  if (!stuck) return checkReadiness(deps.database.client)
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), STUCK_PROBE_MS)
  })
  const answer = await Promise.race([checkReadiness(deps.database.client), late]).finally(() => clearTimeout(timer))
  if (answer) {
    deps.stuck.clear()
    return answer
  }
  return { ready: false, reason: `${stuck.job} is stuck: the database has not answered it since ${stuck.since}` }
}

/**
 * When a newer version migrated the database (this one keeps serving beside it, docs/operations.md#upgrades), its
 * schema beside this executable's; undefined otherwise.
 */
export async function newerSchemas(deps: DatabaseNeeds): Promise<string | undefined> {
  const client = deps.database.client
  return (await migrationState(client)) === 'ahead' ? schemasOf(client) : undefined
}

/**
 * Throws when the database cannot be written (serve refuses to start); see `unwritable` for the message. A file this
 * user may read but not write is said to be that: a permission problem (storage/permissions.ts).
 */
export async function requireWritable(deps: { database: Pick<Database, 'client' | 'file'> }): Promise<void> {
  try {
    await probeWrite(deps.database.client)
  } catch (err) {
    throw asPermissionProblem(err, deps.database.file)
  }
}

/**
 * A command's failure to write the database as the permission problem it is, when the user it runs as may not write
 * the file (storage/permissions.ts), else as it is: SQLite says only that the file is read-only.
 */
export function writeRefusedAs(err: unknown, deps: { database: Pick<Database, 'file'> }): unknown {
  return storageFailure(err) === undefined ? err : asPermissionProblem(err, deps.database.file)
}

/**
 * A failure to write the database as `storage_unavailable` naming the setting, and a damaged file (or one that is
 * not a database) as the same with what to do; anything else as it is.
 */
export function unwritable(err: unknown): unknown {
  // The database clients' own errors already name the setting and the host for the operator.
  if (appErrorIn(err)) return err
  if (databaseDamaged(err))
    return new AppError(
      'storage_unavailable',
      'the database (database.url) is damaged or is not a SQLite database: stop every process using it, move it aside with its -wal and -shm files, and restore a backup (docs/operations.md#a-damaged-database)',
    )
  const why = storageFailure(err)
  return why ? new AppError('storage_unavailable', `cannot write the database (database.url): ${why}`) : err
}
