/**
 * Work a pass's steps start and leave running (docs/performance.md#the-polling-writer): at most `limit` at once, the
 * first failure kept for the pass to throw.
 */
export function inFlight(limit: number) {
  const running = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined
  return {
    /** Waits for room, then starts `work` without waiting for it; throws the first failure of earlier work. */
    async start(work: () => Promise<void>) {
      while (running.size >= limit) await Promise.race(running)
      if (failure) throw failure.error
      const done: Promise<void> = work()
        .catch((error) => {
          failure ??= { error }
        })
        .finally(() => running.delete(done))
      running.add(done)
    },
    /** Waits for all of it; throws the first failure. */
    async settled() {
      while (running.size > 0) await Promise.all(running)
      if (failure) throw failure.error
    },
  }
}
