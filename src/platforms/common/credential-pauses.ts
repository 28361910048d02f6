import { AppError } from '../../errors'
import { spentWaitSec } from './rate-limit'
import { type PauseBoard, pauseBoard } from './shared-pauses'

/** Why a pause holds when the platform said no request remains: its limit is spent. */
const NONE_REMAINING = 'no requests remaining'

// docs/platforms.md#rate-limits: a wait held for one set of credentials, by every connector and stream calling with
// them. rate-limit.ts reads a platform's answers (a refusal, a spent limit, the wait asked); this file keeps what they
// asked for and refuses calls meanwhile, on the pause board that every process shares (shared-pauses.ts).

/**
 * A wait a platform announced for one set of credentials (`key`, pauseKey), in an answer that still served the
 * search (Stack Exchange's `backoff`, a page that took the last request) or in a refusal:
 * held on `board`, this process's pauses, so every connector and stream with the same key keeps it, and every
 * process on the database (common/shared-pauses.ts). `refuseWhileHeld` first reads the shared pauses if what this
 * process read of them is old; `secondsLeft` is what it knows. `longestSec`: the longest wait held, for a platform
 * whose documented window is short (Reddit, Mastodon), so that a wait of days (a typo, a proxy gone wrong) does not
 * hold its stream and searches that long (docs/streams.md#outages); the reason then says what was asked.
 * `holdsSearches`: for a pause that stops the platform's searches only at times, whether it does now (what source
 * health shows).
 */
export function sharedPause(
  refusal: (waitSec: number, why: string) => string,
  platform: string,
  key: string,
  board: PauseBoard = pauseBoard(),
  { longestSec = Number.POSITIVE_INFINITY, holdsSearches }: { longestSec?: number; holdsSearches?: () => boolean } = {},
) {
  board.uses(key, platform, holdsSearches)
  const secondsLeft = () => {
    const held = board.held(key)
    return held ? Math.ceil((held.until - board.now()) / 1000) : 0
  }
  const hold = (seconds: number, reason: string) =>
    seconds <= longestSec
      ? board.hold(key, platform, seconds, reason)
      : board.hold(key, platform, longestSec, `${reason}: asked for ${seconds} s, held ${longestSec} s at most`)
  return {
    /** Waits `seconds` from now, unless a longer wait is already kept; written through to the shared pauses. */
    hold,
    /**
     * A call refused as a rate limit (a 429, read by failedAnswer into upstream_error with its wait) holds every call
     * with the same credentials until then, as a spent limit does: the stream and the searches, where they share the
     * limit, on every process (docs/platforms.md#rate-limits); what was asked, at most `longestSec`. Rethrows `err`,
     * worded as it was built: its caller gives failedAnswer the same bound (longestWaitSec).
     */
    async refused(err: unknown): Promise<never> {
      const limited = err instanceof AppError && err.kind === 'upstream_error' ? err.extra : undefined
      const wait = limited?.askedSec ?? limited?.retryAfterSec
      // A refusal that said no request remains is the limit spent; any other (a secondary limit) is not.
      const spent = (err as { limitSpent?: boolean }).limitSpent
      if (wait) await hold(wait, spent ? NONE_REMAINING : 'rate limited')
      throw err
    },
    secondsLeft,
    /** Throws the refusal while a wait is kept. */
    async refuseWhileHeld() {
      await board.fresh()
      const wait = secondsLeft()
      if (wait > 0)
        throw new AppError('platform_budget_exhausted', refusal(wait, board.held(key)?.why ?? ''), {
          retryAfterSec: wait,
        })
    },
  }
}

type HeldPause = { refuseWhileHeld(): Promise<void>; secondsLeft(): number }

/**
 * The pauses that each hold a connector's calls (Stack Exchange's daily quota on the address and its backoff on the
 * method searched), as the one pause the search runner asks of it (platforms/types.ts): refused while any is held.
 */
export const eitherPause = (...pauses: HeldPause[]): HeldPause => ({
  async refuseWhileHeld() {
    for (const p of pauses) await p.refuseWhileHeld()
  },
  secondsLeft: () => Math.max(0, ...pauses.map((p) => p.secondsLeft())),
})

/**
 * A platform's request limit as its answers that served tell it (docs/platforms.md#rate-limits): `heard` reads each
 * one's headers, and one that says no request remains (spentWaitSec) holds every request with the same credentials
 * (`key`, on `board`: sharedPause) until the reset: meanwhile `refuseWhileHeld` throws 503 platform_budget_exhausted
 * with the seconds left, and `secondsLeft` is above 0, so that a paged search answers with what it found rather than
 * send its next page into a refusal. `spent` starts the refusal: "github's search limit is spent"; `longestSec` as
 * sharedPause's.
 */
export function spentLimit(
  spent: string,
  platform: string,
  key: string,
  board: PauseBoard = pauseBoard(),
  longestSec?: number,
) {
  // Only a limit said to have no request left is "spent"; a refusal with requests remaining (GitHub's secondary
  // limits) asked for a wait, and is worded so (docs/platforms.md#rate-limits).
  const pause = sharedPause(
    (wait, why) =>
      `${why === NONE_REMAINING ? spent : `${platform} asked us to wait`} (${why}): wait ${wait} s before searching again`,
    platform,
    key,
    board,
    { longestSec },
  )
  const heard = async (headers: Headers) => {
    const wait = spentWaitSec(headers, board.now())
    if (wait !== undefined) await pause.hold(wait, NONE_REMAINING)
  }
  return { ...pause, heard }
}
