import type { Config } from '../../config/schema'
import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import type { IcpProfile } from '../../scorers/types'
import type { createIcpProfilesRepo } from '../../storage/repos/icp-profiles'
import type { createKeywordsRepo } from '../../storage/repos/keywords'
import type { createPlatformBudgetsRepo } from '../../storage/repos/platform-budgets'
import type { createPlatformHealthRepo } from '../../storage/repos/platform-health'
import type { Cursor, createPollingRepo } from '../../storage/repos/polling'
import type { createTeamsRepo } from '../../storage/repos/teams'
import type { SearchRunner } from '../search/search-runner'
import type { BatchScorer } from '../scoring/batch'
import type { ScoringService } from '../scoring/scoring-service'
import { createDeferrals, type Deferrals } from './deferrals'
import { passCounters } from './summary'

export type PassDeps = {
  config: Pick<Config, 'polling' | 'scorer' | 'plans' | 'platforms'>
  clock: Clock
  log: Logger
  repos: {
    polling: ReturnType<typeof createPollingRepo>
    icpProfiles: ReturnType<typeof createIcpProfilesRepo>
    platformHealth: ReturnType<typeof createPlatformHealthRepo>
    platformBudgets: ReturnType<typeof createPlatformBudgetsRepo>
    teams: ReturnType<typeof createTeamsRepo>
    keywords: ReturnType<typeof createKeywordsRepo>
  }
  searches: Pick<SearchRunner, 'search' | 'isAvailable' | 'requestsFor' | 'sharesOneRead'>
  scoring: Pick<ScoringService, 'batch'>
}

/** What the steps of one pass share. */
export type Pass = {
  deps: PassDeps
  /** Shutdown or a lost lease: each step stops at its next safe point. */
  stop: AbortSignal
  scorer: BatchScorer
  counters: ReturnType<typeof passCounters>
  deferrals: Deferrals
  /** Per (platform, keyword) (storage/repos/polling.ts cursorKey), moved as each page is stored. */
  cursors: Map<string, Cursor>
  /** The team's ICP profiles, read once per pass. */
  profiles(teamId: string): Promise<IcpProfile[]>
}

export function newPass(deps: PassDeps, stop: AbortSignal, scorer: BatchScorer): Pass {
  const icpsOf = new Map<string, Promise<IcpProfile[]>>()
  return {
    deps,
    stop,
    scorer,
    counters: passCounters(),
    deferrals: createDeferrals(deps.clock),
    cursors: new Map(),
    profiles(teamId) {
      const known = icpsOf.get(teamId)
      if (known) return known
      const read = deps.repos.icpProfiles.list(teamId)
      icpsOf.set(teamId, read)
      return read
    },
  }
}
