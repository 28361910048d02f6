import type { Config } from '../config/schema'
import type { Clock } from '../lib/clock'
import type { ExportLimits } from './signals/export-stream'
import type { Logger } from '../lib/log'
import type { Repos } from '../storage/repos'
import type { RandomBytes } from './keys/api-key'
import type { ScoringService } from './scoring/scoring-service'
import type { SearchRunner } from './search/search-runner'
import type { PauseBoard } from '../platforms/common/shared-pauses'

/** The services a domain function may be given (src/deps.ts builds them once; tests pass what a function uses). */
type Services = {
  config: Config
  clock: Clock
  log: Logger
  randomBytes: RandomBytes
  scoring: ScoringService
  searches: SearchRunner
  /** The waits platforms announced, as this process knows them (docs/architecture.md#pauses-a-platform-announced). */
  pauses: PauseBoard
} & ExportLimits

/**
 * What one domain function needs: some services and some repositories, by name. Functions say exactly what they
 * use, and the domain never imports src/deps.ts, which imports the domain (docs/architecture.md#layers).
 */
export type Needs<S extends keyof Services = never, R extends keyof Repos = never> = [R] extends [never]
  ? Pick<Services, S>
  : Pick<Services, S> & { repos: Pick<Repos, R> }
