/** Thrown when the wait queue is full or the time ran out before the work could start or finish. */
export class LimiterError extends Error {}

/** The time ran out: the work (or its wait for a slot) took the whole `timeoutMs`. */
export class LimiterTimeout extends LimiterError {}

/**
 * At most `max` pieces of work in flight, at most `maxWaiting` waiting. `run` gives each one `timeoutMs` in all,
 * waiting included; the work gets a signal that aborts then. A slot is freed when the work itself settles, so
 * "in flight" counts what the backend really has, even after a caller stopped waiting.
 */
export function createLimiter(max: number, maxWaiting: number) {
  let active = 0
  const waiting: (() => void)[] = []
  // A freed slot goes straight to the next waiter (the count stays), or back to the pool.
  const release = () => {
    const next = waiting.shift()
    if (next) next()
    else active--
  }

  return {
    /** `caller`: the caller's own signal (a shutdown); aborting it ends the wait and the work like the timeout. */
    async run<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>, caller?: AbortSignal): Promise<T> {
      const controller = new AbortController()
      const timer = setTimeout(
        () => controller.abort(new LimiterTimeout(`no answer within ${timeoutMs} ms`)),
        timeoutMs,
      )
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
      })
      // Marked handled: a call refused before it starts never races on it (the races below still see the rejection).
      aborted.catch(() => {})
      const onCallerAbort = () => controller.abort(new LimiterError('the caller stopped waiting'))
      if (caller?.aborted) onCallerAbort()
      else caller?.addEventListener('abort', onCallerAbort, { once: true })
      try {
        if (controller.signal.aborted) throw controller.signal.reason
        if (active < max) active++
        else {
          if (waiting.length >= maxWaiting) throw new LimiterError('too many calls waiting')
          let start!: () => void
          const turn = new Promise<void>((resolve) => {
            start = resolve
          })
          waiting.push(start)
          // A caller that gives up leaves the queue; if a slot was already handed to it, it passes the slot on.
          await Promise.race([turn, aborted]).catch((e) => {
            const i = waiting.indexOf(start)
            if (i >= 0) waiting.splice(i, 1)
            else release()
            throw e
          })
        }
        const running = work(controller.signal)
        running.then(release, release)
        return await Promise.race([running, aborted])
      } finally {
        clearTimeout(timer)
        caller?.removeEventListener('abort', onCallerAbort)
      }
    },
    get inFlight() {
      return active
    },
  }
}
