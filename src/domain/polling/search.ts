import { AppError } from '../../errors'
import type { Mention } from '../../mention'
import { PlatformUnreachableError } from '../../platforms/upstream-errors'
import { unresolvedName } from '../../platforms/unresolved-name'
import { SearchStopped } from '../search/shared-search'
import { advance, cursorKey, pairsOf } from './cursor'
import type { Pass } from './state'
import { scoreAndStore } from './store'
import type { SearchTarget } from './targets'

/**
 * One search of a pass: unless its platform is deferred, asks for the newest `polling.limit` mentions, keeps what is
 * newer than the cursor (all of it for a team new to the keyword), and scores and stores that with the cursor's move.
 * A failed search is counted and logged, and decides which of the platform's other searches wait.
 */
export async function pollTarget(pass: Pass, target: SearchTarget): Promise<void> {
  const { deps, counters } = pass
  const counts = counters.of(target.platform)
  if (pass.deferrals.isDeferred(target.platform)) {
    counts.deferred++
    return
  }
  let mentions: Mention[]
  try {
    const { limit } = deps.config.polling
    mentions = await deps.searches.search(target.platform, target.keyword, limit, pass.charge, pass.stop)
  } catch (err) {
    // The pass is stopping: the search is dropped, neither sent nor failed; its keyword's cursor stays where it was.
    if (err instanceof SearchStopped) return
    // The budget is spent (live searches took it) or the platform asked us to wait: nothing was sent.
    if (err instanceof AppError && err.kind === 'platform_budget_exhausted') {
      counts.deferred++
      heldBy(pass, target.platform, err)
      pass.deferrals.failed(target.platform, err)
      return
    }
    counts.searches++
    counts.failed++
    // The search runner logged a platform it could not reach (platform_unreachable, in the network's words), and the
    // connector a refusal it told more of (loggedAs: a Bluesky login's limit): a second line would say the same again
    // (docs/operations.md#logs). The summary keeps which line it was, for the advice under it.
    const logged =
      err instanceof PlatformUnreachableError ? 'platform_unreachable' : err instanceof AppError && err.extra.loggedAs
    if (!logged) deps.log.warn('poll_search_failed', { platform: target.platform, err })
    counters.toldIn(target.platform, logged || 'poll_search_failed')
    counters.unresolved(target.platform, unresolvedName(deps.config, target.platform, err))
    // A rate limit's wait: the advice under poll --once's table says when it ends.
    if (err instanceof AppError) heldBy(pass, target.platform, err)
    pass.deferrals.failed(target.platform, err)
    return
  }
  counts.searches++
  counts.fetched += mentions.length
  const key = cursorKey(target.platform, target.keywordLc)
  const cursor = pass.cursors.get(key)
  const { fresh, pairs } = pairsOf(target, cursor, mentions)
  counts.new += fresh
  const fetchedAt = deps.clock.now().toISOString()
  const next = advance(target, cursor, mentions, fetchedAt)
  pass.cursors.set(key, next)
  // A pair that is a signal already, or queued by an earlier pass, is not scored again. The page is scored and
  // stored while this search's place goes to the next one (docs/performance.md#the-polling-writer).
  const todo = await deps.repos.polling.unhandled(pairs)
  await pass.pages.start(() => scoreAndStore(pass, todo, { cursor: next, fetchedAt }))
}

/** Keeps when the wait `err` names ends (PassSummary.held), in whole seconds: it was counted up to one. */
function heldBy(pass: Pass, platform: string, err: AppError) {
  const waitMs = (err.extra.retryAfterSec ?? 0) * 1000
  if (waitMs <= 0) return
  const until = new Date(Math.floor((pass.deps.clock.now().getTime() + waitMs) / 1000) * 1000).toISOString()
  pass.counters.heldUntil(platform, until.replace('.000Z', 'Z'), err.message)
}
