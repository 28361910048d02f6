import type { Logger } from '../lib/log'
import { contentBudget } from './context-budget'
import { buildUserMessage } from './prompt'
import type { ScoreInput } from './types'

// The context assumed of a server that says nothing of its own (OpenAI's API, Ollama's /v1): enough for a post of
// about 7,000 characters (docs/scoring.md#the-prompt).
const DEFAULT_CONTEXT_TOKENS = 4096

/**
 * The context, in tokens, a post is cut to fit for the `openai` scorer (docs/scoring.md#the-prompt):
 * scorer.openai.context_tokens when the operator set it, whatever the server says; else the context the server said
 * it gives the model; else 4096. What the server said is logged once each time it changes (`scorer_context_learned`).
 */
export function modelContext(o: { configured: number | undefined; model: string; log: Logger }) {
  let said: number | undefined
  const learn = (tokens: number, from: string) => {
    if (tokens === said) return
    said = tokens
    o.log.info('scorer_context_learned', { scorer: 'openai', model: o.model, tokens, from })
  }
  const tokens = () => o.configured ?? said ?? DEFAULT_CONTEXT_TOKENS
  return {
    /** The start-up check's answer to GET /models: the context it lists for the model, where it lists one. */
    fromModelList(json: object) {
      const listed = listedContext(json, o.model)
      if (listed !== undefined && o.configured === undefined) learn(listed, 'GET /models')
    },
    /**
     * Scores a post cut to fit the context (`ask` is given the characters of the post that fit). Refused with HTTP 400
     * by a server stating a smaller context than the post was cut for (the error's `refusal`, what the server said),
     * and no setting given, that context is taken and the post sent once more, cut to fit it. A 400 stating none, or
     * no smaller one (the post was counted too short), or a post that a smaller context would not cut shorter, would
     * be refused again: its error stands.
     */
    async scoreWithin<T>(input: ScoreInput, ask: (maxContentChars: number) => Promise<T>): Promise<T> {
      const used = tokens()
      const first = contentBudget(input, used)
      try {
        return await ask(first)
      } catch (err) {
        const refusal = (err as { refusal?: unknown }).refusal
        const stated = typeof refusal === 'string' ? statedContext(refusal) : undefined
        if (stated === undefined || o.configured !== undefined || stated >= used) throw err
        learn(stated, 'HTTP 400')
        const again = contentBudget(input, stated)
        const cut = (maxContentChars: number) => buildUserMessage(input, { maxContentChars })
        if (cut(again) === cut(first)) throw err
        return ask(again)
      }
    },
  }
}

// The context in a refusal of a prompt over it: OpenAI's API and vLLM ("This model's maximum context length is 2048
// tokens"), the llama.cpp server's exceed_context_size_error ("… exceeds the available context size (2048 tokens)",
// its n_ctx).
const STATED = /maximum context length is (\d+) tokens|available context size \((\d+) tokens\)/i

function statedContext(detail: string): number | undefined {
  const match = STATED.exec(detail)
  const tokens = Number(match?.[1] ?? match?.[2])
  return Number.isInteger(tokens) && tokens > 0 ? tokens : undefined
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
