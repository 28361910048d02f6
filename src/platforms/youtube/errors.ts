import * as v from 'valibot'
import { nextMidnightIn } from '../../lib/zoned-time'
import { headerRateLimit, type RateLimitRule } from '../common/rate-limit'
import { type FailureReader, jsonBodyOf, UpstreamStatusError } from '../upstream-errors'
import { quotaDayZone } from '../quota-day'

// How YouTube says no (a spent quota, a short-term limit, a refused key), apart from connector.ts, which searches:
// Google's error model and its reasons are read the same whichever call they answer.
const QUOTA_DAY_ZONE = quotaDayZone('youtube')!

/**
 * YouTube's errors name their reason (error.errors[].reason): a spent daily quota (quotaExceeded, dailyLimitExceeded)
 * waits for the quota day to end at midnight Pacific time; a short-term limit (rateLimitExceeded and the like) is a
 * 403 that the common rule reads as a rate limit. No limit of the project outlasts its quota day: a wait asked past
 * its end (days, from a proxy gone wrong) is kept until then, and says what was asked (docs/platforms.md#rate-limits).
 */
export const youtubeRateLimit: RateLimitRule = (answer, now) => {
  const reason = /"reason"\s*:\s*"(quotaExceeded|dailyLimitExceeded)"/.exec(answer.text.slice(0, 4000))?.[1]
  const dayEndSec = Math.ceil((nextMidnightIn(QUOTA_DAY_ZONE, new Date(now)).getTime() - now) / 1000)
  if (answer.status === 403 && reason)
    return { retryAfterSec: dayEndSec, why: `403 ${reason}, the daily quota resets at midnight Pacific time` }
  const limit = headerRateLimit(answer, now)
  if (!limit || limit.retryAfterSec <= dayEndSec) return limit
  const why = `${limit.why}, asked for ${limit.retryAfterSec} s: the daily quota resets at midnight Pacific time`
  return { retryAfterSec: dayEndSec, why }
}

const Reasons = v.object({
  error: v.object({
    errors: v.optional(v.array(v.object({ reason: v.optional(v.string()) }))),
    details: v.optional(v.array(v.object({ reason: v.optional(v.string()) }))),
  }),
})

/** The reasons an error body names: Google's ErrorInfo first (API_KEY_INVALID), then the older errors[].reason. */
function reasonsOf(text: string): string[] {
  const parsed = v.safeParse(Reasons, jsonBodyOf(text))
  if (!parsed.success) return []
  const { errors = [], details = [] } = parsed.output.error
  // Reasons are short identifiers; anything else is not repeated in a message.
  return [...details, ...errors].flatMap((e) => (e.reason && /^[A-Za-z_]{1,60}$/.test(e.reason) ? [e.reason] : []))
}

// docs/platforms.md#youtube: what the operator does about a refused key (developers.google.com/youtube/v3/docs/errors;
// Google's error model names the cause in ErrorInfo.reason). A key that does not exist is a 400, not a 401.
const KEY_FIXES: [RegExp, string][] = [
  [/^(API_KEY_INVALID|keyInvalid)$/, 'set platforms.youtube.api_key to a key of the YouTube Data API v3'],
  [/^(SERVICE_DISABLED|accessNotConfigured)$/, "enable the YouTube Data API v3 in the key's Google Cloud project"],
  [
    /^(API_KEY_\w+_BLOCKED|ipRefererBlocked|keyExpired|API_KEY_EXPIRED)$/,
    "the key's restrictions refuse this call: allow the YouTube Data API v3 and this server's address in the key's settings, or use another key",
  ],
]

/** A failed answer as the error it stands for: a refused key says what to fix; any other names its reason. */
export const youtubeFailure: FailureReader = (answer, now) => {
  // Quota and short-term limits are rate limits, read by youtubeRateLimit.
  if (youtubeRateLimit(answer, now)) return undefined
  const reasons = reasonsOf(answer.text.slice(0, 8000))
  for (const reason of reasons) {
    const fix = KEY_FIXES.find(([re]) => re.test(reason))?.[1]
    if (fix)
      return new UpstreamStatusError(
        answer.status,
        `youtube refused the api_key (${answer.status} ${reason}): ${fix}`,
        undefined,
        true,
      )
  }
  if (reasons.length === 0) return undefined
  return new UpstreamStatusError(answer.status, `youtube answered with status ${answer.status} (${reasons[0]})`)
}
