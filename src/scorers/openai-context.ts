import type { Logger } from '../lib/log'

// The context assumed of a server that does not say its own: the llama.cpp server's usual -c, and enough for a post of
// about 7,000 characters (docs/scoring.md#the-prompt).
const DEFAULT_CONTEXT_TOKENS = 4096

/**
 * The context, in tokens, a post is cut to fit for the `openai` scorer (docs/scoring.md#the-prompt):
 * scorer.openai.context_tokens when the operator set it, whatever the server says; else the context the server said
 * it gives the model; else 4096. What the server said is logged once each time it changes (`scorer_context_learned`).
 */
export function modelContext(o: { configured: number | undefined; model: string; log: Logger }) {
  let said: number | undefined
  return {
    tokens: () => o.configured ?? said ?? DEFAULT_CONTEXT_TOKENS,
    /** The start-up check's answer to GET /models: the context it lists for the model, where it lists one. */
    fromModelList(json: object) {
      const tokens = listedContext(json, o.model)
      if (tokens === undefined || o.configured !== undefined || tokens === said) return
      said = tokens
      o.log.info('scorer_context_learned', { scorer: 'openai', model: o.model, tokens, from: 'GET /models' })
    },
  }
}

/**
 * vLLM lists each model it serves with `max_model_len`, its --max-model-len (or the model's own length when not
 * given), in its OpenAI-compatible server's GET /v1/models. OpenAI's API, Ollama and LM Studio list no context there.
 */
function listedContext(json: object, model: string): number | undefined {
  const data = (json as { data?: unknown }).data
  if (!Array.isArray(data)) return undefined
  const entry = (data as { id?: unknown; max_model_len?: unknown }[]).find((m) => m?.id === model)
  const tokens = entry?.max_model_len
  return typeof tokens === 'number' && Number.isInteger(tokens) && tokens > 0 ? tokens : undefined
}
