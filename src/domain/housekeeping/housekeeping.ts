import { UNDO_HOURS } from '../feedback/undo'
import type { Needs } from '../needs'
import { pruneUnusedClients } from '../oauth/clients'
import { monthOf } from '../quota/month'
import { rollOverMonth } from '../quota/roll-over'
import { EARLIER_POSTS_DAYS, pruneOlderThan, pruneUntrackedPending, SCORE_CACHE_MAX_AGE_DAYS } from './prune'

export const DELIVERY_LOG_DAYS = 30

export type HousekeepingDeps = Needs<
  'config',
  'teams' | 'usage' | 'keywords' | 'housekeeping' | 'sessions' | 'oauth' | 'webhookDeliveries'
>

export type HousekeepingSummary = {
  /**
   * `skipped`: another process holds the housekeeping lease (a scheduled run waits for it: this is one stopped at
   * shutdown meanwhile); `stopped`: shutdown ended it between steps;
   * `done_already`: a scheduled run in a month whose housekeeping some process already completed.
   */
  outcome: 'completed' | 'stopped' | 'skipped' | 'done_already'
  month: string
  /** Teams moved into `month` (counters zeroed, credit plans topped up). */
  teamsRolledOver: number
  pruned: {
    pendingMentions: number
    pollCursors: number
    jobLeases: number
    scoreCache: number
    webhookDeliveries: number
    destinationWindows: number
    earlierPosts: number
  }
}

/** A run at `now` that has done nothing yet. */
export const housekeepingSummary = (
  now: Date,
  outcome: HousekeepingSummary['outcome'] = 'completed',
): HousekeepingSummary => ({
  outcome,
  month: monthOf(now),
  teamsRolledOver: 0,
  pruned: {
    pendingMentions: 0,
    pollCursors: 0,
    jobLeases: 0,
    scoreCache: 0,
    webhookDeliveries: 0,
    destinationWindows: 0,
    earlierPosts: 0,
  },
})

/**
 * Monthly housekeeping: moves every team into the current month with the same roll-over a counted call does lazily
 * (so a team sees the same counters and credits whether or not this ran), then drops what no pass needs any more.
 * Every step is idempotent and none is needed for correctness, so it is safe to run twice and safe to miss. `stop`
 * ends it between steps. The caller keeps a second process out (jobs/housekeeping.ts holds a lease).
 */
export async function housekeep(deps: HousekeepingDeps, now: Date, stop: AbortSignal): Promise<HousekeepingSummary> {
  const { repos } = deps
  const summary = housekeepingSummary(now)
  // A step answers whether it finished (false: it stopped partway).
  const batched =
    (key: keyof HousekeepingSummary['pruned'], drop: Parameters<typeof pruneOlderThan>[0], days: number) =>
    async () => {
      const run = await pruneOlderThan(drop, { now, days, stop })
      summary.pruned[key] = run.dropped
      return run.complete
    }
  const steps: (() => Promise<boolean>)[] = [
    async () => {
      summary.teamsRolledOver = await rollOverTeams(deps, summary.month)
      return true
    },
    async () => {
      summary.pruned.pendingMentions = await pruneUntrackedPending(repos)
      return true
    },
    async () => {
      summary.pruned.pollCursors = await repos.housekeeping.dropUntrackedCursors()
      return true
    },
    async () => {
      summary.pruned.jobLeases = await repos.housekeeping.dropExpiredLeases()
      // docs/operations.md#a-charge-in-doubt: receipts of units taken a day ago settle nothing any more.
      await repos.housekeeping.dropOldTakeReceipts()
      return true
    },
    async () => {
      // Expired console sessions, OAuth codes, tokens and unanswered requests: no lookup finds them any more.
      await repos.sessions.removeExpired(now.getTime())
      await repos.oauth.removeExpired(now.getTime())
      // docs/security.md#what-is-bounded: registered clients nobody allowed within a day.
      await pruneUnusedClients(deps, now)
      // docs/console.md#verdicts: Undo records past their 24 hours, which no Undo takes any more.
      await repos.housekeeping.dropUndosBefore(new Date(now.getTime() - UNDO_HOURS * 3_600_000).toISOString())
      return true
    },
    async () => {
      // docs/webhooks.md#the-delivery-log: finished deliveries are kept for 30 days.
      const before = new Date(now.getTime() - DELIVERY_LOG_DAYS * 86_400_000).toISOString()
      summary.pruned.webhookDeliveries = await repos.webhookDeliveries.dropFinishedBefore(before)
      return true
    },
    // docs/destinations.md#exactly-once: a window's record, a month after its claim.
    batched('destinationWindows', repos.housekeeping.dropWindowsBatch, DELIVERY_LOG_DAYS),
    batched('earlierPosts', repos.housekeeping.dropEarlierPostsBatch, EARLIER_POSTS_DAYS),
    batched('scoreCache', repos.housekeeping.dropScoreCacheBatch, SCORE_CACHE_MAX_AGE_DAYS),
  ]
  for (const step of steps) {
    if (stop.aborted || !(await step())) return { ...summary, outcome: 'stopped' }
  }
  return summary
}

/** Teams on a plan this server defines; a team on an unknown plan has no API access and is left as it is. */
async function rollOverTeams(deps: HousekeepingDeps, month: string): Promise<number> {
  const moves = (await deps.repos.teams.list()).map((team) => {
    const plan = deps.config.plans[team.plan]
    return plan ? rollOverMonth(deps.repos.usage, { team, plan, month }) : Promise.resolve(false)
  })
  // Started together, so the usage repo's group commit writes them in one transaction.
  return (await Promise.all(moves)).filter(Boolean).length
}
