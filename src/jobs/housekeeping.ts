import type { Deps } from '../deps'
import { monthOf } from '../domain/quota/month'
import { rollOverMonth } from '../domain/quota/roll-over'
import { takeLease } from './lease'

export const HOUSEKEEPING_LEASE = 'housekeeping'
/** Stored model answers older than this are dropped: by then the post, the profiles or the prompt have moved on. */
export const SCORE_CACHE_MAX_AGE_DAYS = 90
const LEASE_MS = 60_000
const CACHE_BATCH = 5_000
const DAY_MS = 86_400_000

export type HousekeepingSummary = {
  /** `skipped`: another process holds the housekeeping lease; `stopped`: shutdown ended it between steps. */
  outcome: 'completed' | 'stopped' | 'skipped'
  month: string
  /** Teams moved into `month` (counters zeroed, credit plans topped up). */
  teamsRolledOver: number
  pruned: { pendingMentions: number; pollCursors: number; jobLeases: number; scoreCache: number }
}

/**
 * Monthly housekeeping: moves every team into the current month with the same roll-over a counted call does lazily
 * (so a team sees the same counters and credits whether or not this ran), then drops what no pass needs any more.
 * Every step is idempotent and none is needed for correctness, so it is safe to run twice and safe to miss. One
 * process at a time (a database lease); `signal` stops it between steps.
 */
export async function runHousekeeping(
  deps: Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>,
  a: { signal?: AbortSignal } = {},
): Promise<HousekeepingSummary> {
  const now = deps.clock.now()
  const summary: HousekeepingSummary = {
    outcome: 'completed', month: monthOf(now), teamsRolledOver: 0,
    pruned: { pendingMentions: 0, pollCursors: 0, jobLeases: 0, scoreCache: 0 },
  }
  const lease = await takeLease({ leases: deps.repos.jobLeases, clock: deps.clock, log: deps.log }, HOUSEKEEPING_LEASE, LEASE_MS)
  if ('heldBy' in lease) return { ...summary, outcome: 'skipped' }
  const stop = a.signal ? AbortSignal.any([a.signal, lease.lost]) : lease.lost
  // A step answers false when it stopped partway.
  const steps: (() => Promise<void | boolean>)[] = [
    async () => { summary.teamsRolledOver = await rollOverTeams(deps, summary.month) },
    async () => { summary.pruned.pendingMentions = await pruneUntrackedPending(deps) },
    async () => { summary.pruned.pollCursors = await deps.repos.housekeeping.dropUntrackedCursors() },
    async () => { summary.pruned.jobLeases = await deps.repos.housekeeping.dropExpiredLeases(now.getTime()) },
    async () => {
      const cache = await pruneScoreCache(deps, now, stop)
      summary.pruned.scoreCache = cache.dropped
      return cache.complete
    },
  ]
  try {
    for (const step of steps) {
      if (stop.aborted || (await step()) === false) return { ...summary, outcome: 'stopped' }
    }
    return summary
  } finally {
    await lease.release()
  }
}

/** Teams on a plan this server defines; a team on an unknown plan has no API access and is left as it is. */
async function rollOverTeams(deps: Pick<Deps, 'config' | 'repos'>, month: string): Promise<number> {
  const moves = (await deps.repos.teams.list()).map((team) => {
    const plan = deps.config.plans[team.plan]
    return plan ? rollOverMonth(deps.repos.usage, { team, plan, month }) : Promise.resolve(false)
  })
  // Started together, so the usage repo's group commit writes them in one transaction.
  return (await Promise.all(moves)).filter(Boolean).length
}

/** Mentions queued for a keyword the team has stopped tracking would only be scored for nothing. */
async function pruneUntrackedPending(deps: Pick<Deps, 'repos'>): Promise<number> {
  const tracked = new Set((await deps.repos.keywords.all()).map((k) => `${k.teamId}\u0000${k.keywordLc}`))
  let dropped = 0
  for (const { teamId, keyword } of await deps.repos.housekeeping.pendingKeywords()) {
    // The queue keeps the team's spelling; keywords.ts compares by `toLowerCase()`, which SQLite's lower() does not
    // match beyond ASCII, so the comparison is made here and re-checked by the delete.
    const keywordLc = keyword.toLowerCase()
    if (tracked.has(`${teamId}\u0000${keywordLc}`)) continue
    dropped += await deps.repos.housekeeping.dropPending(teamId, keyword, keywordLc)
  }
  return dropped
}

async function pruneScoreCache(deps: Pick<Deps, 'repos'>, now: Date, stop: AbortSignal) {
  const before = new Date(now.getTime() - SCORE_CACHE_MAX_AGE_DAYS * DAY_MS).toISOString()
  let dropped = 0
  for (;;) {
    const n = await deps.repos.housekeeping.dropScoreCacheBatch(before, CACHE_BATCH)
    dropped += n
    if (n < CACHE_BATCH) return { dropped, complete: true }
    if (stop.aborted) return { dropped, complete: false }
  }
}
