import { nextCronRun } from '../../lib/cron'
import { leaseStanding } from '../leases/holder'
import type { Needs } from '../needs'

/** The database lease a polling pass holds while it runs, in any process on the database (jobs/poll-pass.ts). */
export const POLL_LEASE = 'keyword-polling'

/**
 * Where keyword polling stands for one team (docs/console.md#getting-started): whether this server polls, when its
 * next pass starts (the schedule's next time: one that comes while `passRunning` is skipped, by croner's protect in
 * this process and by the lease in another, docs/operations.md#one-pass-at-a-time, and so is one that comes before a
 * stopped pass's lease runs out), whether a pass runs or stopped before it ended, and when a pass last searched one
 * of the team's keywords (null: none has yet). Cursors are kept per (platform, keyword) and written when a search of that keyword answered, so a pass whose every search failed
 * does not count as a first pass; nor does a search from before the team tracked the keyword (another team's), which
 * kept nothing for it: the team gets what is fetched at the next pass (docs/operations.md#what-a-pass-does).
 */
export async function teamPolling(
  deps: Needs<'config' | 'clock', 'keywords' | 'polling' | 'jobLeases'>,
  teamId: string,
) {
  const { polling } = deps.config
  const [keywords, cursors, lease] = await Promise.all([
    deps.repos.keywords.all(teamId),
    deps.repos.polling.cursors(),
    deps.repos.jobLeases.live(POLL_LEASE),
  ])
  const trackedSince = new Map(keywords.map((k) => [k.keywordLc, k.createdAt]))
  let lastPassAt: string | null = null
  for (const c of cursors) {
    const since = trackedSince.get(c.keywordLc)
    if (since !== undefined && c.polledAt >= since && (lastPassAt === null || c.polledAt > lastPassAt))
      lastPassAt = c.polledAt
  }
  const now = deps.clock.now()
  const pass = passStanding(lease, polling.lease_seconds * 1000, now)
  // A schedule time before a stopped pass's lease runs out finds the lease held and is skipped.
  const after = pass.stoppedPass?.heldUntil ? new Date(Date.parse(pass.stoppedPass.heldUntil) - 1) : now
  const next = polling.enabled ? nextCronRun(polling.schedule, after) : null
  return {
    enabled: polling.enabled,
    schedule: polling.schedule,
    nextPassAt: next?.toISOString() ?? null,
    lastPassAt,
    ...pass,
  }
}

/**
 * Whether the pass holding the polling lease runs (leases/holder.ts leaseStanding), or stopped before it ended (its
 * process killed or hung, or cut off from the database): then when it last renewed the lease, and until when the
 * lease keeps the next pass out (null: its process on this machine is gone, and the next pass takes it over at once).
 */
function passStanding(lease: { holder: string; expiresInMs: number } | undefined, ttlMs: number, now: Date) {
  if (!lease) return { passRunning: false, stoppedPass: null }
  const standing = leaseStanding(lease.holder, lease.expiresInMs, ttlMs)
  if (standing.running) return { passRunning: true, stoppedPass: null }
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString()
  return {
    passRunning: false,
    stoppedPass: {
      lastRenewedAt: at(-standing.sinceRenewalMs),
      heldUntil: standing.heldOn ? at(lease.expiresInMs) : null,
    },
  }
}
