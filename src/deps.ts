import { randomBytes } from 'node:crypto'
import type { Source } from './config/platform-names'
import type { Config } from './config/schema'
import type { RandomBytes } from './domain/keys/api-key'
import type { ScoringService } from './domain/scoring/scoring-service'
import type { SearchRunner } from './domain/search/search-runner'
import { type StuckJobs, stuckJobs } from './domain/health/stuck'
import { unitHolder } from './domain/quota/left-units'
import { type Clock, systemClock } from './lib/clock'
import type { ExportLimits } from './domain/signals/export-stream'
import { createLogger, type Logger } from './lib/log'
import type { PauseBoard } from './platforms/common/shared-pauses'
import type { PlatformConnector } from './platforms/types'
import type { Scorer } from './scorers/types'
import { openDatabase } from './storage/db'
import { localPathOf } from './storage/database-url'
import { databaseFileState } from './storage/permissions'
import type { Database, RemoteDeadline } from './storage/engine/types'
import { AppError } from './errors'
import { migrate, migrationState, SCHEMA, schemasOf, tagBefore } from './storage/migrate'
import { firstAnswer } from './storage/first-answer'

import { createRepos, type Repos } from './storage/repos'

/** The newest migration this build carries, for `--version` (docs/operations.md#upgrades). */
export { SCHEMA }

/** What every command's deps hold: the database and the services that need no scorer and no platform. */
export type AdminDeps = ExportLimits & {
  config: Config
  clock: Clock
  randomBytes: RandomBytes
  log: Logger
  database: Database
  repos: Repos
  /** Jobs given up on because the database stopped answering them (GET /readyz tells them). */
  stuck: StuckJobs
}

export type Deps = AdminDeps & {
  scorer: Scorer
  connectors: Map<Source, PlatformConnector>
  /** The waits platforms announced, held by every connector and stream, shared through the database. */
  pauses: PauseBoard
  searches: SearchRunner
  scoring: ScoringService
}

/** What searching the platforms needs (`platforms check`): the admin deps, the connectors and their shared waits. */
export type SearchDeps = AdminDeps & Pick<Deps, 'connectors' | 'pauses' | 'searches'>

type Given = Partial<Omit<Deps, 'repos' | 'searches' | 'scoring' | 'stuck'>> & {
  // writeDeadline: the bounds of a libSQL server's write deadline, shortened by tests
  // (storage/engine/write-deadline.ts).
  writeDeadline?: RemoteDeadline
}

/** The one place that constructs clients; everything else receives `deps`. Migrates before returning. */
export async function buildDeps(config: Config, given: Given = {}): Promise<Deps> {
  // Loaded here rather than with this module: the admin commands and `platforms check` never score
  // (docs/performance.md#the-command-lines-start).
  const [searchDeps, { buildScorer }, { createScoringService }] = await Promise.all([
    buildSearchDeps(config, given),
    import('./scorers/registry'),
    import('./domain/scoring/scoring-service'),
  ])
  const { log, clock, repos } = searchDeps
  const scorer = given.scorer ?? (await buildScorer(config, log))
  const { writeDeadline: _, database: __, ...overrides } = given
  return {
    ...searchDeps,
    scorer,
    scoring: createScoringService({ config, scorer, cache: repos.scoreCache, clock, log }),
    ...overrides,
  }
}

/**
 * Deps that search the platforms but never score: no scorer, so neither the rules nor the learned model and its
 * weights are loaded. `database`: one already open, migrated here like any other (the tests' begin as copies).
 */
export async function buildSearchDeps(
  config: Config,
  { writeDeadline, database, ...overrides }: Given = {},
): Promise<SearchDeps> {
  const core = await openCore(config, { ...overrides, database }, writeDeadline)
  const { log, clock, repos } = core
  const [{ pauseBoard }, { buildConnectors }, { createSearchRunner }] = await Promise.all([
    import('./platforms/common/shared-pauses'),
    import('./platforms/registry'),
    import('./domain/search/search-runner'),
  ])
  const pauses =
    overrides.pauses ??
    pauseBoard(repos.platformPauses, (what, err) => log.warn('platform_pauses_unavailable', { what, err }))
  const connectors = overrides.connectors ?? buildConnectors(config, log, { pauses })
  const searches = createSearchRunner({
    connectors,
    config,
    clock,
    log,
    health: repos.platformHealth,
    budgets: repos.platformBudgets,
  })
  return { ...core, connectors, pauses, searches }
}

/**
 * Deps for the admin commands (team, key, keyword, icp, signals): they never score or search, so they get neither
 * a scorer nor connectors, and the configured backends print none of their start-up warnings.
 */
export const buildAdminDeps = (config: Config): Promise<AdminDeps> => openCore(config, {})

/**
 * Opens (unless `given.database` is open already) and migrates the database, with the services every command shares.
 */
async function openCore(
  config: Config,
  given: Partial<Pick<Deps, 'log' | 'clock' | 'database'>>,
  writeDeadline?: RemoteDeadline,
): Promise<AdminDeps> {
  const log = given.log ?? createLogger()
  const clock = given.clock ?? systemClock
  const database = given.database ?? (await openAnswering(config, writeDeadline))
  const started = performance.now()
  const applied = await migrate(database.client)
  logUpgrade(log, applied, Math.round(performance.now() - started))
  const repos = createRepos(database, unitHolder())
  return { config, clock, randomBytes: (n) => randomBytes(n), log, database, repos, stuck: stuckJobs() }
}

/**
 * An upgrade's migrations, logged once by the process that applied them (docs/operations.md#upgrades): the journal is
 * where an operator finds what the start did, and why it took long. A new database's first migrations are no upgrade.
 */
function logUpgrade(log: Logger, applied: string[], ms: number): void {
  const from = applied.length ? tagBefore(applied[0]) : undefined
  if (from) log.info('database_migrated', { from, to: SCHEMA, applied, ms })
}

/** The configured embedded database file when it is not there yet (opening it would create it); else undefined. */
export function missingDatabaseFile(config: Config): string | undefined {
  const path = localPathOf(config.database.url)
  // A file behind a directory this user may not enter is not missing: opening it says what refuses (permissions.ts).
  return path === undefined || path === ':memory:' || databaseFileState(path) !== 'absent' ? undefined : path
}

/**
 * `lead-signals migrate`: applies pending migrations and returns their names. A database a newer version migrated
 * is refused rather than called up to date: after a rollback this executable runs on a schema it does not know
 * (docs/operations.md#upgrades).
 */
export async function migrateDatabase(config: Config): Promise<string[]> {
  const database = await openAnswering(config)
  try {
    // On a newer database nothing is pending, so migrate() writes nothing before the refusal.
    const applied = await migrate(database.client)
    if ((await migrationState(database.client)) === 'ahead')
      throw new AppError(
        'internal',
        `the database was migrated by a newer version of lead-signals (${await schemasOf(database.client)}), which this one cannot undo: run that version, or restore the backup taken before the upgrade (docs/operations.md#upgrades)`,
      )
    return applied
  } finally {
    database.client.close()
  }
}

/**
 * The database once it has answered, within database.first_answer_seconds
 * (docs/operations.md#a-database-that-does-not-answer-at-start).
 */
async function openAnswering(config: Config, deadline?: RemoteDeadline) {
  const database = await openDatabase({ url: config.database.url, authToken: config.database.auth_token, deadline })
  try {
    await firstAnswer(database.client, config.database.url, config.database.first_answer_seconds * 1000)
  } catch (err) {
    database.client.close()
    throw err
  }
  return database
}
