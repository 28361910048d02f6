import type { Logger } from '../lib/log'

/**
 * The longest a background load may take. Ollama gives up a load that makes no progress after its own
 * OLLAMA_LOAD_TIMEOUT (5 minutes by default); a model read from a slow disk may take minutes while it progresses.
 */
export const LOAD_MS = 10 * 60_000

/**
 * Loads the model in the background after a call ran out of time (docs/scoring.md#checking-the-model-server). Ollama
 * loads a model at the first call that needs it, and abandons the load when that call's client leaves; a model that
 * takes longer to load than `scorer.timeout_ms` would then never load, each call starting the load anew and leaving.
 * The load is asked for as Ollama's API documentation says ("Load a model": `/api/chat` with no messages), by a
 * request no call waits on, one at a time; `close` abandons it (a command that ends).
 */
export function ollamaLoader(o: { host: string; model: string; keepAlive: string | number; log: Logger }) {
  let loading: AbortController | undefined
  return {
    load(): void {
      if (loading) return
      const controller = new AbortController()
      loading = controller
      o.log.info('scorer_model_loading', { scorer: 'ollama', model: o.model })
      fetch(`${o.host.replace(/\/+$/, '')}/api/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: o.model, messages: [], keep_alive: o.keepAlive }),
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
