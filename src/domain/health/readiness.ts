import { AppError, appErrorIn } from '../../errors'
import type { Database } from '../../storage/engine/types'
import { asPermissionProblem } from '../../storage/db'
import { databaseDamaged, storageFailure } from '../../storage/failure'
import { migrationState, schemasOf } from '../../storage/migrate'
import { checkReadiness, probeWrite, type Readiness } from '../../storage/readiness'
import type { StuckJobs } from './stuck'
import type { Clock } from '../../lib/clock'

type DatabaseNeeds = { database: Pick<Database, 'client'> }

// How long GET /readyz waits for the database (docs/api.md#health): a healthy one answers its probe in milliseconds,
// and a load balancer gives up on its own probe within seconds, so an answer later than this tells nobody anything.
const READY_WAIT_MS = 2000
// How long a job may be degraded (a stream that cannot read its platform) before GET /readyz names it, unless it says
// otherwise (stuck.ts): a stream reconnects within a second to a minute, so only an outage longer than this is one to
// look at.
const DEGRADED_AFTER_MS = 5 * 60_000

// The probe still waiting for each database: a later /readyz waits for the same one rather than sending another
// that a database which stopped answering would hold as well (on a libSQL server, each behind the one before).
const probing = new WeakMap<object, Promise<Readiness>>()

/**
 * Ready to serve: the database answers within READY_WAIT_MS, has this build's migrations and takes writes
 * (GET /readyz). While a job is stuck on a database that stopped answering it (stuck.ts), no answer says which job
 * and since when, and an answer ends its stuck state: the job's next run starts on its schedule. A ready answer
 * lists the jobs degraded for longer than DEGRADED_AFTER_MS (`degraded`).
 */
export async function readiness(
  deps: DatabaseNeeds & { stuck: StuckJobs; clock: Clock },
): Promise<Readiness & { degraded?: string[] }> {
  const client = deps.database.client
  let probe = probing.get(client)
  if (!probe) {
    const asked = checkReadiness(client).finally(() => probing.delete(client))
    probing.set(client, asked)
    probe = asked
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), READY_WAIT_MS)
  })
  const answer = await Promise.race([probe, late]).finally(() => clearTimeout(timer))
  const stuck = deps.stuck.first()
  if (answer) {
    if (stuck) deps.stuck.clear()
    const degraded = degradedJobs(deps)
    return answer.ready && degraded.length > 0 ? { ...answer, degraded } : answer
  }
  return {
    ready: false,
    reason: stuck
      ? `${stuck.job} is stuck: the database has not answered it since ${stuck.since}`
      : `the database did not answer within ${READY_WAIT_MS / 1000} s`,
  }
}

/**
 * The jobs degraded for longer than DEGRADED_AFTER_MS, as GET /readyz names them: still ready (a platform's outage
 * or a backup folder is not what serving needs, and taking the server out of service would not mend it), but said
 * (docs/operations.md#a-job-that-hangs).
 */
function degradedJobs(deps: { stuck: StuckJobs; clock: Clock }): string[] {
  const now = deps.clock.now().getTime()
  return deps.stuck
    .degradedJobs()
    .filter((d) => Date.parse(d.since) + (d.afterMs ?? DEGRADED_AFTER_MS) <= now)
    .map((d) => d.says(d.since))
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
