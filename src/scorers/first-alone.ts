/**
 * How long the server may go without a request before one goes alone again: LM Studio unloads a model it loaded just in
 * time after an idle TTL (its documentation, "Idle TTL and Auto-Evict": 60 minutes by default; `lms load --ttl` or a
 * request's `ttl` sets another), and the next burst would load a copy per call. Well under the default, so that a
 * shorter TTL is met too; the cost is one call's time, once, after a quiet spell.
 */
const IDLE_MS = 5 * 60_000

/**
 * One request to the model server at a time until it has answered one (docs/scoring.md#checking-the-model-server). LM
 * Studio, loading a model just in time, loads a copy of it for each request that arrives during the load (its bug
 * tracker, issue 1751), so `scorer.concurrency` calls at a cold start would load it that many times. Until an answer
 * (with any HTTP status: a load, if there was one, has ended), a call waits for the request ahead of it, within its own
 * time, and then goes alone if that one got no answer either. A background load goes ahead of every call too. After
 * IDLE_MS without a request in flight, the model may have been unloaded: the next request goes alone again.
 */
export function firstAlone(now: () => number = Date.now) {
  let answered = false
  let ahead: Promise<boolean> | undefined
  // Requests in flight, and when the last one settled: the server's idle time.
  let busy = 0
  let quietSince = now()

  function track<T>(request: Promise<T>): Promise<T> {
    busy++
    const settled = () => {
      busy--
      quietSince = now()
    }
    request.then(settled, settled)
    return request
  }

  function goAhead(request: Promise<boolean>): void {
    const mine = request.then((got) => {
      if (got) answered = true
      if (ahead === mine) ahead = undefined
      return got
    })
    ahead = mine
  }

  return {
    /** `request` sent when its turn comes: at once once the server has answered a request. */
    async send(request: () => Promise<Response>, signal: AbortSignal): Promise<Response> {
      if (answered && busy === 0 && now() - quietSince >= IDLE_MS) answered = false
      while (!answered && ahead) await untilSettled(ahead, signal)
      if (answered) return track(request())
      const sent = track(request())
      goAhead(
        sent.then(
          () => true,
          () => false,
        ),
      )
      return sent
    },
    /**
     * A background load (`true` when the server answered it) goes ahead of the calls: sent after a call ran out of
     * time, the model may have been unloaded since the last answer. Undefined: a load in flight already.
     */
    loading(load: Promise<boolean> | undefined): void {
      if (!load) return
      answered = false
      goAhead(track(load))
    },
  }
}

/** Waits for `p` to settle or `signal` to abort (then throws its reason). */
function untilSettled(p: Promise<unknown>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted()
  return new Promise<void>((resolve, reject) => {
    const aborted = () => reject(signal.reason)
    signal.addEventListener('abort', aborted, { once: true })
    p.finally(() => {
      signal.removeEventListener('abort', aborted)
      resolve()
    })
  })
}
