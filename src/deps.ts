import { randomBytes } from 'node:crypto'
import type { Source } from './config/platform-names'
import type { Config } from './config/schema'
import type { RandomBytes } from './domain/keys/api-key'
import { createScoringService, type ScoringService } from './domain/scoring/scoring-service'
import { createSearchRunner, type SearchRunner } from './domain/search/search-runner'
import { type Clock, systemClock } from './lib/clock'
import { createLogger, type Logger } from './lib/log'
import { buildConnectors } from './platforms/registry'
import type { PlatformConnector } from './platforms/types'
import { buildScorer } from './scorers/registry'
import type { Scorer } from './scorers/types'
import { type Database, openDatabase } from './storage/db'
import { migrate } from './storage/migrate'
import { createApiKeysRepo } from './storage/repos/api-keys'
import { createHousekeepingRepo } from './storage/repos/housekeeping'
import { createIcpProfilesRepo } from './storage/repos/icp-profiles'
import { createJobLeasesRepo } from './storage/repos/job-leases'
import { createKeywordsRepo } from './storage/repos/keywords'
import { createLegacyPostsRepo } from './storage/repos/legacy-posts'
import { createPlatformHealthRepo } from './storage/repos/platform-health'
import { createPollingRepo } from './storage/repos/polling'
import { createScoreCacheRepo } from './storage/repos/score-cache'
import { createSignalsRepo } from './storage/repos/signals'
import { createTeamsRepo } from './storage/repos/teams'
import { createUsageRepo } from './storage/repos/usage'

export type Repos = ReturnType<typeof createRepos>
export type Deps = {
  config: Config
  clock: Clock
  randomBytes: RandomBytes
  log: Logger
  database: Database
  repos: Repos
  scorer: Scorer
  connectors: Map<Source, PlatformConnector>
  searches: SearchRunner
  scoring: ScoringService
}

export const createRepos = ({ db, client }: Database) => ({
  teams: createTeamsRepo(db),
  apiKeys: createApiKeysRepo(db),
  keywords: createKeywordsRepo(db),
  icpProfiles: createIcpProfilesRepo(db),
  signals: createSignalsRepo(db),
  usage: createUsageRepo(client),
  platformHealth: createPlatformHealthRepo(db),
  legacyPosts: createLegacyPostsRepo(db),
  scoreCache: createScoreCacheRepo(db),
  polling: createPollingRepo(client),
  jobLeases: createJobLeasesRepo(db),
  housekeeping: createHousekeepingRepo(client),
})

/** The one place that constructs clients; everything else receives `deps`. Migrates before returning. */
export async function buildDeps(config: Config, overrides: Partial<Omit<Deps, 'repos' | 'database' | 'searches' | 'scoring'>> = {}): Promise<Deps> {
  const log = overrides.log ?? createLogger()
  const clock = overrides.clock ?? systemClock
  const database = await openDatabase({ url: config.database.url, authToken: config.database.auth_token })
  await migrate(database.client)
  const repos = createRepos(database)
  const connectors = overrides.connectors ?? buildConnectors(config, log)
  const scorer = overrides.scorer ?? buildScorer(config, log)
  return {
    config,
    clock,
    randomBytes: (n) => randomBytes(n),
    log,
    database,
    repos,
    scorer,
    connectors,
    searches: createSearchRunner({ connectors, clock, log, health: repos.platformHealth }),
    scoring: createScoringService({ config, scorer, cache: repos.scoreCache, clock, log }),
    ...overrides,
  }
}
