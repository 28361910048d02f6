import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { contentBudget } from './context-budget'
import { buildUserMessage } from './prompt'
import { boundedText } from './server-answer'
import type { ScoreInput } from './types'

// The context assumed of a server that says nothing of its own (OpenAI's API, Ollama's /v1): enough for a post of
// about 7,000 characters (docs/scoring.md#the-prompt).
const DEFAULT_CONTEXT_TOKENS = 4096
// How long a context the server stated stands before a post it would cut has the server asked again: the operator may
// restart it with another (the llama.cpp server's -c, vLLM's --max-model-len) while this service runs.
const ASK_AGAIN_MS = 60_000

type OpenAiConfig = Config['scorer']['openai']

/**
 * The context, in tokens, a post is cut to fit for the `openai` scorer (docs/scoring.md#the-prompt):
 * scorer.openai.context_tokens when the operator set it, whatever the server says; else the context the server said
 * it gives the model; else 4096. What the server said is logged once each time it changes (`scorer_context_learned`).
 * A context the server stated (in its model list or its /props) is asked again before a post it would cut, once
 * ASK_AGAIN_MS went by since, or a call failed since (the server restarted, perhaps with another context).
 */
export function modelContext(config: OpenAiConfig, headers: Record<string, string>, log: Logger) {
  let said: number | undefined
  // When the server last stated its context where it is asked (undefined: it never did, as OpenAI's API).
  let statedAt: number | undefined
  let failedSince = false
  let asking: Promise<void> | undefined
  const learn = (tokens: number, from: string) => {
    if (tokens === said) return
    said = tokens
    log.info('scorer_context_learned', { scorer: 'openai', model: config.model, tokens, from })
  }
  const tokens = () => config.context_tokens ?? said ?? DEFAULT_CONTEXT_TOKENS
  const fromServer = (tokens: number, from: string) => {
    statedAt = Date.now()
    failedSince = false
    learn(tokens, from)
  }

  /**
   * The start-up check's answer to GET /models: the context it lists for the model, where it lists one; from a
   * llama.cpp server, which lists the model's training context only, the one its GET /props gives each request.
   */
  async function fromModelList(json: object, signal: AbortSignal) {
    if (config.context_tokens !== undefined) return
    const listed = listedContext(json, config.model)
    if (listed !== undefined) return fromServer(listed, 'GET /models')
    if (!fromLlamaCpp(json)) return
    const props = await llamaCppContext(config.base_url, headers, signal)
    if (props !== undefined) fromServer(props, 'GET /props')
  }

  // Before a post the context would cut: the server asked again where it stated one, when that is due. Calls at once
  // share one asking; one that fails leaves the context as it was, for another ASK_AGAIN_MS.
  async function askAgainFor(input: ScoreInput, signal: AbortSignal) {
    if (statedAt === undefined || config.context_tokens !== undefined) return
    if (!failedSince && Date.now() - statedAt < ASK_AGAIN_MS) return
    if (input.content.length <= contentBudget(input, tokens())) return
    statedAt = Date.now()
    failedSince = false
    asking ??= modelList(config.base_url, headers, signal)
      .then((json) => json && fromModelList(json, signal))
      .catch(() => {})
      .finally(() => {
        asking = undefined
      })
    await asking
  }

  return {
    fromModelList,
    /**
     * Scores a post cut to fit the context (`ask` is given the characters of the post that fit). Refused with HTTP 400
     * by a server stating a smaller context than the post was cut for (the error's `refusal`, what the server said),
     * and no setting given, that context is taken and the post sent once more, cut to fit it. A 400 stating none, or
     * no smaller one (the post was counted too short), or a post that a smaller context would not cut shorter, would
     * be refused again: its error stands.
     */
    async scoreWithin<T>(
      input: ScoreInput,
      signal: AbortSignal,
      ask: (maxContentChars: number) => Promise<T>,
    ): Promise<T> {
      await askAgainFor(input, signal)
      const used = tokens()
      const first = contentBudget(input, used)
      try {
        return await ask(first)
      } catch (err) {
        failedSince = true
        const refusal = (err as { refusal?: unknown }).refusal
        const stated = typeof refusal === 'string' ? statedContext(refusal) : undefined
        if (stated === undefined || config.context_tokens !== undefined || stated >= used) throw err
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

// The llama.cpp server lists each model with its GGUF metadata under `meta` (n_ctx_train among it) in GET /v1/models.
function fromLlamaCpp(json: object): boolean {
  const data = (json as { data?: unknown }).data
  return (
    Array.isArray(data) &&
    data.some((m) => typeof (m as { meta?: { n_ctx_train?: unknown } })?.meta?.n_ctx_train === 'number')
  )
}

// The server's GET /models, as the start-up check reads it (openai-probe.ts); undefined for what is not a JSON object.
async function modelList(baseUrl: string, headers: Record<string, string>, signal: AbortSignal) {
  const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/models`, { headers, signal })
  if (!res.ok) return undefined
  const json: unknown = JSON.parse((await boundedText(res)) ?? '')
  return typeof json === 'object' && json !== null ? json : undefined
}

/**
 * The context the llama.cpp server gives a request (as its 400 exceed_context_size_error states it, n_ctx):
 * `default_generation_settings.n_ctx` in its GET /props, served at the server's root, beside /v1. Undefined when it
 * does not answer so: its 400 then says it.
 */
async function llamaCppContext(baseUrl: string, headers: Record<string, string>, signal: AbortSignal) {
  const root = baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')
  try {
    const res = await fetch(`${root}/props`, { headers, signal })
    if (!res.ok) return undefined
    const props = JSON.parse((await boundedText(res)) ?? '') as { default_generation_settings?: { n_ctx?: unknown } }
    const tokens = props?.default_generation_settings?.n_ctx
    return typeof tokens === 'number' && Number.isInteger(tokens) && tokens > 0 ? tokens : undefined
  } catch {
    return undefined
  }
}
