import { SOURCES, type Source } from '../../config/platform-names'
import { AppError } from '../../errors'
import { mapLimited } from '../../lib/map-limited'
import { notConfiguredDetail } from '../../platforms/configured'
import { PlatformUnreachableError, UpstreamStatusError } from '../../platforms/upstream-errors'
import { BudgetRefusal } from '../budgets/budget'
import type { Needs } from '../needs'
import { unresolvedName, unresolvedWords } from '../../platforms/unresolved-name'
import type { SearchAnswer } from '../search/shared-search'

/** docs/platforms.md#checking-the-platforms: what one small real search told about a platform. */
type CheckStatus =
  | 'ok'
  | 'not_configured'
  | 'credentials_refused'
  | 'rate_limited'
  | 'budget_spent'
  | 'not_reachable'
  | 'unexpected_answer'
export type CheckResult = {
  platform: Source
  configured: boolean
  status: CheckStatus
  /** What was found, why it failed, or what is missing, in a few words. */
  detail: string
  /** When to try again (rate limited, budget spent), ISO 8601 UTC. */
  retryAt: string | null
}

// Small, and a word every platform has posts about, so that "ok" also shows results come back.
const CHECK_KEYWORD = 'software'
const CHECK_LIMIT = 1
const AT_ONCE = 4

/**
 * One small real search per configured source (or the one asked for), through the search runner: it spends the
 * platform's budget and is recorded in source health like any search. A source not configured says what it needs.
 */
export async function checkPlatforms(deps: Needs<'searches' | 'clock' | 'config'>, a: { platform?: Source } = {}) {
  const sources = a.platform ? [a.platform] : [...SOURCES]
  return mapLimited(sources, AT_ONCE, async (platform): Promise<CheckResult> => {
    if (!deps.searches.isAvailable(platform)) {
      return {
        platform,
        configured: false,
        status: 'not_configured',
        detail: notConfiguredDetail(platform),
        retryAt: null,
      }
    }
    try {
      const found = await deps.searches.answer(platform, CHECK_KEYWORD, CHECK_LIMIT)
      return { platform, configured: true, status: 'ok', detail: answeredDetail(found), retryAt: null }
    } catch (err) {
      // A name that does not resolve, said so with the setting that holds it (the operator's command, not the API).
      const name = unresolvedName(deps.config, platform, err)
      const named = name ? { detail: unresolvedWords(platform, name) } : {}
      return { platform, configured: true, ...verdict(err, deps.clock.now()), ...named }
    }
  })
}

/**
 * How many posts the platform answered with, and how many of them hold the word: the count kept after matching
 * (docs/queries.md#matching) alone read "0 results" for a platform that had found posts, none with the word.
 */
function answeredDetail({ answered, kept }: SearchAnswer) {
  const said = `a search for "${CHECK_KEYWORD}" answered with ${answered} result${answered === 1 ? '' : 's'}`
  const matching = kept.length === 0 ? ' (docs/queries.md#matching)' : ''
  if (answered === 0) return said
  if (answered === 1) return `${said}, which ${kept.length ? 'holds' : 'lacks'} the word${matching}`
  return `${said}, ${kept.length} of them holding the word${matching}`
}

function verdict(err: unknown, now: Date): Pick<CheckResult, 'status' | 'detail' | 'retryAt'> {
  const detail = err instanceof AppError ? err.message : String(err)
  if (err instanceof BudgetRefusal) return { status: err.why, detail, retryAt: err.until }
  const wait = err instanceof AppError ? err.extra.retryAfterSec : undefined
  // A wait of 0 asked for none (RFC 9110's Retry-After): rate limited, with no time to wait for.
  if (wait !== undefined)
    return {
      status: 'rate_limited',
      detail,
      retryAt: wait ? new Date(now.getTime() + wait * 1000).toISOString() : null,
    }
  if (err instanceof UpstreamStatusError && err.refusedCredentials)
    return { status: 'credentials_refused', detail, retryAt: null }
  if (err instanceof PlatformUnreachableError || (err instanceof AppError && err.kind === 'upstream_timeout'))
    return { status: 'not_reachable', detail, retryAt: null }
  return { status: 'unexpected_answer', detail, retryAt: null }
}

/** Whether `platforms check` failed: a configured source that is not ok, or a source asked for that cannot run. */
export const checkFailed = (results: CheckResult[], asked: boolean) =>
  results.some((r) => (r.configured || asked) && r.status !== 'ok')
