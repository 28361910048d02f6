import { getOrAdd } from '../../lib/get-or-add'
import type { IcpProfile, JudgedExample } from '../../scorers/types'
import type { Cursor, StoredOutcome } from '../../storage/repos/polling-types'
import type { BatchScorer } from '../scoring/batch'
import { recentExamples } from '../feedback/examples'
import { teamThresholds } from '../feedback/thresholds'
import type { Threshold } from '../feedback/tuning'
import type { Charge } from '../budgets/reservation'
import { createDeferrals, type Deferrals } from './deferrals'
import { inFlight } from './in-flight'
import { passCounters } from './summary'
import type { Needs } from '../needs'

export type PassDeps = Needs<
  'config' | 'clock' | 'log' | 'searches' | 'scoring',
  | 'polling'
  | 'icpProfiles'
  | 'platformHealth'
  | 'platformBudgets'
  | 'teams'
  | 'keywords'
  | 'signalFeedback'
  | 'webhookEndpoints'
  | 'forgottenAuthors'
>

// Pages scored and stored at once behind the searches (polling.concurrency bounds those): enough to keep the scoring
// workers and the writer busy while searches wait for their platforms, and the searches and scoring busy while the
// writer copies its log back (docs/performance.md#the-pipeline-third-round); each holds a page of posts in memory.
const PAGES_IN_FLIGHT = 48

/** Stores one step's outcome in one transaction; the platform of each signal created. */
export type StoreOutcome = (outcome: StoredOutcome) => Promise<string[]>

/** What the steps of one pass share. */
export type Pass = {
  deps: PassDeps
  /** Shutdown or a lost lease: each step stops at its next safe point. */
  stop: AbortSignal
  scorer: BatchScorer
  store: StoreOutcome
  /** Pages of search results being scored and stored while the next searches run. */
  pages: ReturnType<typeof inFlight>
  counters: ReturnType<typeof passCounters>
  deferrals: Deferrals
  /** How a search takes its platform's requests: from the pass's budget blocks once the plan is made. */
  charge?: Charge
  /** Per (platform, keyword) (cursor.ts cursorKey), moved as each page is stored. */
  cursors: Map<string, Cursor>
  /** The team's ICP profiles, read once per pass. */
  profiles(teamId: string): Promise<readonly IcpProfile[]>
  /** The team's qualify threshold of each keyword (docs/scoring.md#tuning-by-verdicts), read once per pass. */
  thresholds(teamId: string): Promise<(keyword: string) => Threshold>
  /** The team's latest verdicts, for a model's prompt (none for the rules scorer), read once per pass. */
  examples(teamId: string): Promise<JudgedExample[]>
}

/** A value per team, read the first time a step asks for it in this pass. */
function perTeam<T>(read: (teamId: string) => Promise<T>): (teamId: string) => Promise<T> {
  const known = new Map<string, Promise<T>>()
  return (teamId) => getOrAdd(known, teamId, () => read(teamId))
}

export function newPass(deps: PassDeps, stop: AbortSignal, scorer: BatchScorer, store?: StoreOutcome): Pass {
  const usesExamples = deps.scoring.scorerName !== 'rules'
  return {
    deps,
    stop,
    scorer,
    store: store ?? ((outcome) => deps.repos.polling.store(outcome)),
    pages: inFlight(PAGES_IN_FLIGHT),
    counters: passCounters(),
    deferrals: createDeferrals(deps.clock),
    cursors: new Map(),
    profiles: perTeam((teamId) => deps.repos.icpProfiles.list(teamId)),
    thresholds: perTeam((teamId) => teamThresholds(deps, teamId, deps.config.scorer.qualify_threshold)),
    examples: perTeam(async (teamId) => (usesExamples ? recentExamples(deps, teamId) : [])),
  }
}
