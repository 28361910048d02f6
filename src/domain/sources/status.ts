import { EARLIER_ONLY_SOURCES, SEARCH_PLATFORMS, type Source } from '../../config/platform-names'
import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { isKeyless, missingSettings } from '../../platforms/configured'
import { budgetOf, windowOf } from '../budgets/budget'
import { nextPollAt, usedAt } from '../budgets/pace'
import { pollingPass } from '../leases/polling-pass'
import { readingOf } from './stream-health'
import type { PauseBoard } from '../../platforms/common/shared-pauses'

/**
 * Every source with whether it can run here, whether the caller's plan includes it, how its latest searches went,
 * and its request budget (docs/platforms.md#budgets): what this window has spent and when polling searches it next.
 * So a team can tell "no mentions" from "no data". The earlier route's own networks (news, internet, indiehacker) are
 * not plan platforms: every plan with API access may use them there.
 */
export async function platformStatus(
  deps: Needs<
    'searches' | 'config' | 'clock' | 'pauses',
    'platformHealth' | 'platformBudgets' | 'streamPositions' | 'streamQueueBounds' | 'jobLeases'
  >,
  caller: Caller,
) {
  const now = deps.clock.now()
  const [healthRows, budgetRows, streamRows, bounds, pass] = await Promise.all([
    deps.repos.platformHealth.list(),
    deps.repos.platformBudgets.list(),
    deps.repos.streamPositions.list(),
    deps.repos.streamQueueBounds.ofTeam(caller.team.id),
    pollingPass(deps, now),
    // Read now, not as of up to 5 s ago: a page that shows the source as free when it is not misleads.
    deps.pauses.fresh(0),
  ])
  const streams = new Map(streamRows.map((s) => [s.platform, s]))
  const health = new Map(healthRows.map((h) => [h.platform, h]))
  const spent = new Map(budgetRows.map((b) => [b.platform, b]))
  // A stopped pass's lease keeps passes out till it ends: croner's schedule times before then are skipped.
  const leaseEnd = pass.stoppedPass?.heldUntil ?? null
  const { polling } = deps.config
  const row = (platform: Source, inPlan: boolean, earlierRouteOnly: boolean) => {
    const h = health.get(platform)
    const configured = deps.searches.isAvailable(platform)
    const budget = budgetOf(deps.config, platform)
    const window = windowOf(budget, now)
    const { retryAt, retryWhy } = retryOf(h?.retryAt ?? null, deps.pauses, platform, now)
    const reading = readingOf(
      deps.config,
      platform,
      streams.get(platform),
      h?.lastSuccessAt ?? null,
      now,
      bounds.get(platform),
    )
    const polled = configured && polling.enabled && !earlierRouteOnly && reading.mode === 'search'
    const next = polled
      ? nextPollAt({
          schedule: polling.schedule,
          budget,
          row: spent.get(platform),
          notBefore: later(retryAt, leaseEnd),
          now,
        })
      : null
    return {
      platform,
      configured,
      inPlan,
      earlierRouteOnly,
      keyless: isKeyless(platform),
      missingSettings: missingSettings(deps.config, platform),
      lastSuccessAt: h?.lastSuccessAt ?? null,
      lastFailureAt: h?.lastFailureAt ?? null,
      lastError: h?.lastError ?? null,
      failingSince: failingSince(h),
      retryAt,
      retryWhy,
      warning: h?.warning ?? null,
      budget: {
        requests: budget.requests,
        windowSeconds: budget.windowMs / 1000,
        used: usedAt(budget, spent.get(platform), now),
        resetsAt: window.end.toISOString(),
      },
      nextPollAt: next?.toISOString() ?? null,
      ...reading,
    }
  }
  return {
    platforms: [
      ...SEARCH_PLATFORMS.map((p) => row(p, caller.plan.platforms.includes(p), false)),
      ...EARLIER_ONLY_SOURCES.map((p) => row(p, true, true)),
    ],
  }
}

/** The later of two ISO 8601 UTC times, either of which may be missing (such times compare as strings). */
const later = (a: string | null, b: string | null) => (a === null || (b !== null && b > a) ? b : a)

/**
 * When the platform may be called again: the later of a refused search's retry time (platform_health) and a wait a
 * platform announced to any process on the database for the credentials this server calls it with (the pauses: held
 * by every search and stream here though none was refused yet), with why for the latter; none once both have passed
 * (the refused search's stays stored until a search succeeds). Times by `now`'s clock.
 */
function retryOf(stored: string | null, pauses: PauseBoard, platform: Source, now: Date) {
  const refusedUntil = stored && Date.parse(stored) > now.getTime() ? stored : null
  const held = pauses.heldFor(platform)
  const heldUntil = held ? now.getTime() + (held.until - pauses.now()) : 0
  if (!held || (refusedUntil && Date.parse(refusedUntil) >= heldUntil)) return { retryAt: refusedUntil, retryWhy: null }
  return { retryAt: new Date(heldUntil).toISOString(), retryWhy: held.why }
}

/**
 * When the current run of failures began (docs/api.md#source-health): null unless the last try failed, a failure no
 * success came after (such ISO 8601 UTC times compare as strings).
 */
function failingSince(
  h: { lastSuccessAt: string | null; lastFailureAt: string | null; failingSince: string | null } | undefined,
) {
  if (!h?.lastFailureAt || h.lastFailureAt <= (h.lastSuccessAt ?? '')) return null
  // A run's start older than the last success belongs to an earlier run: the latest failure is all that is known.
  return h.failingSince && h.failingSince > (h.lastSuccessAt ?? '') ? h.failingSince : h.lastFailureAt
}
