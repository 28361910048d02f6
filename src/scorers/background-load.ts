import type { Logger } from '../lib/log'

/**
 * The longest a background load may take. Ollama gives up a load that makes no progress after its own
 * OLLAMA_LOAD_TIMEOUT (5 minutes by default); a model read from a slow disk may take minutes while it progresses.
 */
export const LOAD_MS = 10 * 60_000

/**
 * Has a model server load the model by a request no call waits on (docs/scoring.md#checking-the-model-server), one at
 * a time, for at most LOAD_MS; what it answers is not read. `close` abandons it (a command that ends). A server loads
 * a model at the first request that needs it, and some abandon the load when that request's client leaves (Ollama
 * does): a model that takes longer to load than `scorer.timeout_ms` would then never load through calls alone.
 */
export function backgroundLoader(o: { scorer: string; model: string; log: Logger; url: string; init: RequestInit }) {
  let loading: AbortController | undefined
  return {
    /** `said`: whether to log it; a load at start, for a model most often loaded already, is not worth a line. */
    load(said = true): void {
      if (loading) return
      const controller = new AbortController()
      loading = controller
      if (said) o.log.info('scorer_model_loading', { scorer: o.scorer, model: o.model })
      fetch(o.url, {
        ...o.init,
        method: 'POST',
        signal: AbortSignal.any([controller.signal, AbortSignal.timeout(LOAD_MS)]),
      })
        .then((res) => res.body?.cancel())
        .catch(() => {})
        .finally(() => {
          if (loading === controller) loading = undefined
        })
    },
    close(): void {
      loading?.abort()
      loading = undefined
    },
  }
}
