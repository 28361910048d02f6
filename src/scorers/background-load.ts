import type { Logger } from '../lib/log'

/**
 * The longest a background load may take. Ollama gives up a load that makes no progress after its own
 * OLLAMA_LOAD_TIMEOUT (5 minutes by default); a model read from a slow disk may take minutes while it progresses.
 */
export const LOAD_MS = 10 * 60_000

/**
 * Has a model server load the model by a request no call waits on (docs/scoring.md#checking-the-model-server), one at
 * a time, for at most LOAD_MS. `close` abandons it (a command that ends). A server loads a model at the first request
 * that needs it, and some abandon the load when that request's client leaves (Ollama does): a model that takes longer
 * to load than `scorer.timeout_ms` would then never load through calls alone. A load that is said is logged as it
 * starts and as it ends (`scorer_model_loaded` with its time, or `scorer_model_load_failed` with what `failure` reads
 * of the server's answer, by default its status alone).
 */
export function backgroundLoader(o: {
  scorer: string
  model: string
  log: Logger
  url: string
  init: RequestInit
  failure?: (res: Response) => Promise<string>
}) {
  // The load in flight, and whether the log has said it.
  let loading: { controller: AbortController; said: boolean } | undefined
  const about = { scorer: o.scorer, model: o.model }
  const failure = o.failure ?? (async (res: Response) => `HTTP ${res.status}`)

  async function ended(res: Response, said: boolean, started: number): Promise<void> {
    if (said && !res.ok) o.log.warn('scorer_model_load_failed', { ...about, message: await failure(res) })
    else await res.body?.cancel()
    if (said && res.ok) o.log.info('scorer_model_loaded', { ...about, ms: Math.round(performance.now() - started) })
  }

  return {
    /**
     * `said`: whether to log it; a load at start, for a model most often loaded already, is not worth a line. Returns
     * whether the server answered (with any status), or undefined when a load is in flight already.
     */
    load(said = true): Promise<boolean> | undefined {
      if (loading) {
        // One sent without a line (at start) that calls now wait for is said from here on.
        if (said && !loading.said) o.log.info('scorer_model_loading', about)
        loading.said ||= said
        return undefined
      }
      const mine = { controller: new AbortController(), said }
      loading = mine
      if (said) o.log.info('scorer_model_loading', about)
      const started = performance.now()
      return fetch(o.url, {
        ...o.init,
        method: 'POST',
        signal: AbortSignal.any([mine.controller.signal, AbortSignal.timeout(LOAD_MS)]),
      })
        .then((res) => ended(res, mine.said, started).then(() => true))
        .catch(() => false)
        .finally(() => {
          if (loading === mine) loading = undefined
        })
    },
    /** Whether a load is in flight: a call that runs out of time meanwhile waited for it. */
    busy(): boolean {
      return loading !== undefined
    },
    close(): void {
      loading?.controller.abort()
      loading = undefined
    },
  }
}
