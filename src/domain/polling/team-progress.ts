import { nextCronRun } from '../../lib/cron'
import { pollingPass } from '../leases/polling-pass'
import type { Needs } from '../needs'

/**
 * Where keyword polling stands for one team (docs/console.md#getting-started): whether this server polls, when its
 * next pass starts (the schedule's next time: one that comes while `passRunning` is skipped, by croner's protect in
 * this process and by the lease in another, docs/operations.md#one-pass-at-a-time, and so is one that comes before a
 * stopped pass's lease runs out), whether a pass runs or stopped before it ended, and when a pass last searched one
 * of the team's keywords (null: none has yet). Cursors are kept per (platform, keyword) and written when a search of
 * that keyword answered, so a pass whose every search failed does not count as a first pass; nor does a search from
 * before the team tracked the keyword (another team's), which kept nothing for it: the team gets what is fetched at the
 * next pass (docs/operations.md#what-a-pass-does).
 */
export async function teamPolling(
  deps: Needs<'config' | 'clock', 'keywords' | 'polling' | 'jobLeases'>,
  teamId: string,
) {
  const { polling } = deps.config
  const now = deps.clock.now()
  const [keywords, cursors, pass] = await Promise.all([
    deps.repos.keywords.all(teamId),
    deps.repos.polling.cursors(),
    pollingPass(deps, now),
  ])
  const trackedSince = new Map(keywords.map((k) => [k.keywordLc, k.createdAt]))
  let lastPassAt: string | null = null
  for (const c of cursors) {
    const since = trackedSince.get(c.keywordLc)
    if (since !== undefined && c.polledAt >= since && (lastPassAt === null || c.polledAt > lastPassAt))
      lastPassAt = c.polledAt
  }
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
