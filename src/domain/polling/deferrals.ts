import { AppError } from '../../errors'
import type { Clock } from '../../lib/clock'
import { UpstreamStatusError } from '../../platforms/upstream-errors'

/**
 * Per platform, the time before which a pass does not call it: the retry time of a rate-limit answer (read from source
 * health, where the search runner stores it, or met during the pass), or the rest of the pass after a failure.
 */
export function createDeferrals(clock: Clock) {
  const notBefore = new Map<string, number>()
  return {
    /** What earlier searches left in source health. */
    load(health: { platform: string; retryAt: string | null }[]) {
      for (const h of health) if (h.retryAt) notBefore.set(h.platform, Date.parse(h.retryAt))
    },
    isDeferred: (platform: string) => (notBefore.get(platform) ?? 0) > clock.now().getTime(),
    /** After a failed search: which of the platform's other searches still make sense in this pass. */
    failed(platform: string, err: unknown) {
      const retryAfterSec = err instanceof AppError ? err.extra.retryAfterSec : undefined
      if (retryAfterSec) return void notBefore.set(platform, clock.now().getTime() + retryAfterSec * 1000)
      // A refusal of this one query (a 4xx other than 429) says nothing about the platform's other keywords; anything
      // else (rate limit, a 429 that asked for no wait among them, 5xx, timeout, unreachable) would fail them too, so
      // they wait for the next pass.
      const queryOnly =
        err instanceof UpstreamStatusError && err.status >= 400 && err.status < 500 && err.status !== 429
      if (!queryOnly) notBefore.set(platform, Number.POSITIVE_INFINITY)
    },
  }
}

export type Deferrals = ReturnType<typeof createDeferrals>
