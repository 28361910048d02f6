/**
 * One request to the model server at a time until it has answered one (docs/scoring.md#checking-the-model-server). LM
 * Studio, loading a model just in time, loads a copy of it for each request that arrives during the load (its bug
 * tracker, issue 1751), so `scorer.concurrency` calls at a cold start would load it that many times. Until an answer
 * (with any HTTP status: a load, if there was one, has ended), a call waits for the request ahead of it, within its own
 * time, and then goes alone if that one got no answer either. A background load goes ahead of every call too.
 */
export function firstAlone() {
  let answered = false
  let ahead: Promise<boolean> | undefined

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
      while (!answered && ahead) await untilSettled(ahead, signal)
      if (answered) return request()
      const sent = request()
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
      goAhead(load)
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
