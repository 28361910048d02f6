import type { BatchScorer } from '../scoring/batch'

// docs/streams.md#resuming: the longest a step of a batch may take before the stream counts as hung and starts again
// (a database read or the batch's transaction, the rules scorer's answers). A model's calls get their own timeouts on
// top, one `scorer.timeout_ms` for each round of `scorer.concurrency` calls, which is what a slow model may take.
const STEP_MS = 120_000

/**
 * `stallMs`: the allowance instead of STEP_MS (tests, which cannot wait two minutes); `queuedCap`: the bound of a
 * team's polling queue instead of QUEUED_CAP (tests, which cannot queue thousands of posts); `leaseMs`: the reader's
 * lease instead of 30 s (tests of a database that stops answering); `settledMs` and `restartMs`: the minute a start
 * runs to count as settled and the 10 s wait before a stream starts again (tests of a stream that keeps stopping);
 * `refreshMs`: how often who tracks what is read again instead of 15 s (tests of a keyword removed meanwhile).
 */
export type StreamLimits = {
  stallMs?: number
  refreshMs?: number
  queuedCap?: number
  leaseMs?: number
  settledMs?: number
  restartMs?: number
}

/** A step of a stream's batch that did not finish within its allowance: the stream starts again from its position. */
export class StreamStalled extends Error {
  constructor(
    readonly platform: string,
    readonly hung: 'the store' | 'the scoring' | 'the database',
    readonly seconds: number,
  ) {
    super(
      `the ${platform} stream stopped: ${hung} did not finish within ${seconds} s; it starts again from its stored position`,
    )
    this.name = 'StreamStalled'
  }
}

/**
 * The watchdog of one stream's batches: `guard` waits for a step, and gives up on it with StreamStalled once the step
 * (or what the batch scorer says it has moved on to, `scorer`) has run longer than allowed. What was given up on is
 * not stored: its position did not move, so it is read again. `scorer`: the scorer's settings and name.
 */
export function stallWatch(
  platform: string,
  a: { limits?: StreamLimits; scorer: { concurrency: number; timeout_ms: number }; scorerName: string },
) {
  const stepMs = a.limits?.stallMs ?? STEP_MS
  // A model answers `concurrency` calls at a time, each within `timeout_ms` (docs/scoring.md#fallback-and-timeouts).
  const scoringMs = (n: number) =>
    stepMs + (a.scorerName === 'rules' ? 0 : Math.ceil(n / a.scorer.concurrency) * a.scorer.timeout_ms)
  let timer: ReturnType<typeof setTimeout> | undefined
  let give: ((err: StreamStalled) => void) | undefined
  const arm = (hung: StreamStalled['hung'], ms: number) => {
    clearTimeout(timer)
    // A step that ends after its batch was given up on moves nothing on.
    if (!give) return
    timer = setTimeout(() => give?.(new StreamStalled(platform, hung, Math.round(ms / 1000))), ms)
  }
  return {
    async guard<T>(hung: StreamStalled['hung'], step: Promise<T>): Promise<T> {
      const stalled = new Promise<never>((_resolve, reject) => {
        give = reject
      })
      arm(hung, stepMs)
      try {
        return await Promise.race([step, stalled])
      } finally {
        clearTimeout(timer)
        give = undefined
      }
    },
    /** The batch scorer, telling the watchdog when a batch's scoring starts and when its store does. */
    scorer(scorer: BatchScorer): BatchScorer {
      return {
        async scoreMany(items, signal) {
          arm('the scoring', scoringMs(items.length))
          try {
            return await scorer.scoreMany(items, signal)
          } finally {
            arm('the store', stepMs)
          }
        },
        unavailable: () => scorer.unavailable(),
        close: () => scorer.close(),
      }
    },
  }
}
