import type { Logger } from '../lib/log'
import { backgroundLoader } from './background-load'
import { ollamaMessage } from './ollama-probe'
import { errorText } from './server-answer'

// How long the list of loaded models may take at start: a courtesy of the load, not a condition of it.
const PS_MS = 500

/**
 * Loads the model in the background (docs/scoring.md#checking-the-model-server): at start, once the start-up check
 * found it (`warmUp`), and after a call ran out of time (`load`). Ollama loads a model at the first call that needs it,
 * and abandons the load when that call's client leaves; a model that takes longer to load than `scorer.timeout_ms`
 * would then never load, each call starting the load anew and leaving. The load is asked for as Ollama's API
 * documentation says ("Load a model": `/api/chat` with no messages); a load Ollama refuses (too little memory, say) is
 * logged with its message.
 */
export function ollamaLoader(o: { host: string; model: string; keepAlive: string | number; log: Logger }) {
  const root = o.host.replace(/\/+$/, '')
  let closed = false
  const loader = backgroundLoader({
    scorer: 'ollama',
    model: o.model,
    log: o.log,
    url: `${root}/api/chat`,
    init: {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: o.model, messages: [], keep_alive: o.keepAlive, stream: false }),
    },
    failure: async (res) => `ollama answered HTTP ${res.status}: ${await errorText(res, ollamaMessage)}`,
  })
  return {
    /**
     * After a call ran out of time. A model Ollama does not list in memory is loading from now on, said at once; one
     * it lists is loaded, or loading already (its list names a model from the start of its load), and the load
     * request's time tells which (backgroundLoader).
     */
    load(): void {
      void inMemory(root, o.model).then((loaded) => {
        if (!closed) loader.load({ said: true, cold: loaded === false, afterTimeout: true })
      })
    },
    answered: loader.answered,
    state: loader.state,
    busy: loader.busy,
    close(): void {
      closed = true
      loader.close()
    },
    /**
     * At start: a model Ollama has in memory (GET /api/ps, its API documentation, "List Running Models") is left as it
     * is; another is loaded, said as it is sent. One the list could not tell of (a busy host that did not answer it in
     * PS_MS) is loaded too, said once the load has taken QUICK_MS: a model in memory answers it sooner, without a line,
     * and one loading is told as loading until the load is answered, not as answering from the start-up check alone.
     * Settles once the load is sent, or found not needed.
     */
    warmUp(): Promise<void> {
      return inMemory(root, o.model).then((loaded) => {
        if (loaded !== true && !closed) loader.load({ said: true, cold: loaded === false })
      })
    },
  }
}

/** Whether Ollama lists the model as loaded; undefined when the list cannot be read (an older or another server). */
export async function inMemory(root: string, model: string): Promise<boolean | undefined> {
  try {
    const res = await fetch(`${root}/api/ps`, { signal: AbortSignal.timeout(PS_MS) })
    if (!res.ok) return undefined
    const models = ((await res.json()) as { models?: unknown } | null)?.models
    if (!Array.isArray(models)) return undefined
    const named = (m: { name?: unknown; model?: unknown } | null) => [m?.name, m?.model].map((n) => tagged(String(n)))
    return models.some((m) => named(m).includes(tagged(model)))
  } catch {
    return undefined
  }
}

// Ollama reads a name without a tag as its `:latest`.
const tagged = (name: string) => (/:[^/]*$/.test(name) ? name : `${name}:latest`)
