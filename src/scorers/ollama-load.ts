import type { Logger } from '../lib/log'
import { backgroundLoader } from './background-load'

/**
 * Loads the model in the background after a call ran out of time (docs/scoring.md#checking-the-model-server). Ollama
 * loads a model at the first call that needs it, and abandons the load when that call's client leaves; a model that
 * takes longer to load than `scorer.timeout_ms` would then never load, each call starting the load anew and leaving.
 * The load is asked for as Ollama's API documentation says ("Load a model": `/api/chat` with no messages).
 */
export function ollamaLoader(o: { host: string; model: string; keepAlive: string | number; log: Logger }) {
  return backgroundLoader({
    scorer: 'ollama',
    model: o.model,
    log: o.log,
    url: `${o.host.replace(/\/+$/, '')}/api/chat`,
    init: {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: o.model, messages: [], keep_alive: o.keepAlive }),
    },
  })
}
