import { networkReason } from '../lib/network-reason'
import type { Logger } from '../lib/log'

/**
 * The longest a background load may take. Ollama gives up a load that makes no progress after its own
 * OLLAMA_LOAD_TIMEOUT (5 minutes by default); a model read from a slow disk may take minutes while it progresses.
 */
const LOAD_MS = 10 * 60_000

/**
 * How soon a load request of a model in memory is answered: Ollama answers its load request at once, an
 * OpenAI-compatible server one token for a two-word prompt. One answered sooner was no load.
 */
export const QUICK_MS = 500

/**
 * Has a model server load the model by a request no call waits on (docs/scoring.md#checking-the-model-server), one at
 * a time, for at most LOAD_MS. `close` abandons it (a command that ends). A server loads a model at the first request
 * that needs it, and some abandon the load when that request's client leaves (Ollama does): a model that takes longer
 * to load than `scorer.timeout_ms` would then never load through calls alone. A load that is said is logged as it
 * starts and as it ends (`scorer_model_loaded` with its time, or `scorer_model_load_failed` with what `failure` reads
 * of the server's answer, by default its status alone). One answered within QUICK_MS was no load: the model is in
 * memory, and the calls that ran out of time were slow (`scorer_model_slow`, once until a call is answered).
 */
export function backgroundLoader(o: {
  scorer: string
  model: string
  log: Logger
  url: string
  init: RequestInit
  failure?: (res: Response) => Promise<string>
}) {
  // The load in flight: whether the log is to say it (`said`), whether it has said it loading (`told`), and whether a
  // call ran out of time before it was asked for (`afterTimeout`).
  let loading:
    | { controller: AbortController; said: boolean; told: boolean; afterTimeout: boolean; since: number }
    | undefined
  // When the model was said to be slow: said once, until it answers a call or a load of it is said.
  let slowSince: number | undefined
  const about = { scorer: o.scorer, model: o.model }
  const failure = o.failure ?? (async (res: Response) => `HTTP ${res.status}`)
  const tell = (load: NonNullable<typeof loading>) => {
    if (load.told) return
    load.told = true
    slowSince = undefined
    o.log.info('scorer_model_loading', about)
  }

  async function ended(res: Response, load: NonNullable<typeof loading>, started: number): Promise<void> {
    if (load.said && !res.ok) return o.log.warn('scorer_model_load_failed', { ...about, message: await failure(res) })
    await res.body?.cancel()
    const ms = Math.round(performance.now() - started)
    if (load.told) return o.log.info('scorer_model_loaded', { ...about, ms })
    if (!load.said || !load.afterTimeout || slowSince !== undefined) return
    // Answered at once: the model was in memory, and the calls ran out of time answering, not waiting for a load.
    slowSince = Date.now()
    o.log.warn('scorer_model_slow', { ...about, ms, message: slowMessage(o.model, ms) })
  }

  return {
    /**
     * `said`: whether to log it and tell it in `state` (an OpenAI-compatible server's load at start, one token that a
     * paid API may take longer than QUICK_MS to give, is not). `cold`: the model is known not to be in memory, so the
     * load is said as it is sent; otherwise it is said once it has taken QUICK_MS, and one answered sooner was no load:
     * after a call ran out of time (`afterTimeout`), that says the model slow. Returns whether the server answered
     * (with any status), or undefined when a load is in flight already.
     */
    load(a: { said: boolean; cold?: boolean; afterTimeout?: boolean }): Promise<boolean> | undefined {
      const { said, cold = false, afterTimeout = false } = a
      if (loading) {
        // One in flight that a call waited for (one sent at start without a line) is a load: said from here on.
        if (said) {
          loading.said = true
          tell(loading)
        }
        return undefined
      }
      const mine = { controller: new AbortController(), said, told: false, afterTimeout, since: Date.now() }
      loading = mine
      if (said && cold) tell(mine)
      const timer = said ? setTimeout(() => loading === mine && tell(mine), QUICK_MS) : undefined
      const started = performance.now()
      return fetch(o.url, {
        ...o.init,
        method: 'POST',
        signal: AbortSignal.any([mine.controller.signal, AbortSignal.timeout(LOAD_MS)]),
      })
        .then((res) => ended(res, mine, started).then(() => true))
        .catch((err) => {
          // A load the log said is under way is said to have ended, unless a command that ends abandoned it.
          if (mine.told && !mine.controller.signal.aborted)
            o.log.warn('scorer_model_load_failed', { ...about, message: lostLoad(o.scorer, err) })
          return false
        })
        .finally(() => {
          clearTimeout(timer)
          if (loading === mine) loading = undefined
        })
    },
    /** Whether a load is in flight: a call that runs out of time meanwhile waited for it. */
    busy(): boolean {
      return loading !== undefined
    },
    /** A call was answered: a model said to be slow is said again when it is slow again. */
    answered(): void {
      slowSince = undefined
    },
    /** A load said and in flight, or the model said to be slow, and since when (a Date.now()). */
    state(): { state: 'loading' | 'slow'; since: number } | undefined {
      if (loading?.told) return { state: 'loading', since: loading.since }
      return slowSince === undefined ? undefined : { state: 'slow', since: slowSince }
    },
    close(): void {
      loading?.controller.abort()
      loading = undefined
    },
  }
}

/** Why a load got no answer: its time ran out, the server closed the connection (restarted, or stopped), or another. */
function lostLoad(scorer: string, err: unknown): string {
  if ((err as Error | null)?.name === 'TimeoutError') return `no answer to the load within ${LOAD_MS / 60_000} minutes`
  const reason = networkReason(err)
  if (reason === 'connection reset')
    return `the connection to ${scorer}'s server closed before the load ended (${reason}): the model server's log says why`
  return `the load request failed (${reason ?? (err instanceof Error ? err.message : String(err))})`
}

const slowMessage = (model: string, ms: number) =>
  `model "${model}" is loaded (the request to load it was answered in ${ms} ms) but answers more slowly than scorer.timeout_ms: the calls fall back because they run out of time, not because the model loads; raise scorer.timeout_ms, lower scorer.concurrency, or choose a smaller model`
