import type { Mention } from '../../mention'

// Identical searches in flight at once share one upstream call; this file is how a caller joins one and leaves it
// (search-runner.ts starts them). Kept apart so the runner reads as charge, call, health, match.

/**
 * A search whose caller stopped waiting for it (a pass stopping: docs/operations.md#shutdown); no failure of the
 * platform's.
 */
export class SearchStopped extends Error {
  constructor() {
    super('the search was stopped')
  }
}

/**
 * What one search found: how many posts the platform answered with, and those of them the query keeps
 * (docs/queries.md#matching).
 */
export type SearchAnswer = { answered: number; kept: Mention[] }

// One upstream call shared by identical searches, and how many callers that may stop still wait for it (Infinity:
// one that never stops does); when the last of them stops, so does the call.
export type Shared = { result: Promise<SearchAnswer>; upstream: AbortController; waiting: number }

/** `shared`'s outcome for one more caller: its `signal` ends its own wait at once, and the call once nobody waits. */
export function joined(shared: Shared, signal?: AbortSignal): Promise<SearchAnswer> {
  if (!signal) {
    shared.waiting = Number.POSITIVE_INFINITY
    return shared.result
  }
  shared.waiting++
  return new Promise<SearchAnswer>((resolve, reject) => {
    const stop = () => {
      if (--shared.waiting === 0) shared.upstream.abort()
      reject(new SearchStopped())
    }
    // Attached first: the call's own end is always handled, even when this caller stops before it starts.
    shared.result.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop))
    if (signal.aborted) return stop()
    signal.addEventListener('abort', stop, { once: true })
  })
}
