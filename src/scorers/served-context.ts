import { parseJson } from './reply'
import { boundedText } from './server-answer'

/**
 * Where the server is asked, and for which model. `restApi.absent`: the server answered LM Studio's REST API path as
 * no LM Studio 0.4.0 or later does (OpenAI's API with 404), so it is not asked there again (openai-context.ts).
 */
type Asked = {
  baseUrl: string
  headers: Record<string, string>
  model: string
  signal: AbortSignal
  restApi: { absent: boolean }
}

/**
 * What an OpenAI-compatible server says of the context it gives the model, read from its answer to GET /models
 * (docs/scoring.md#the-prompt): `tokens` and the request that said them; `tokens` undefined from a server that says it
 * but did not now (a model not loaded yet). Undefined from a server that never says it (OpenAI's API, Ollama, an LM
 * Studio before 0.4.0).
 */
export async function servedContext(json: object, o: Asked): Promise<{ tokens?: number; from: string } | undefined> {
  const entries = listed(json)
  const entry = entries.find((m) => m?.id === o.model)
  // vLLM: each model with `max_model_len`, its --max-model-len (or the model's own length when not given).
  if (positive(entry?.max_model_len)) return { tokens: entry.max_model_len, from: 'GET /models' }
  // The llama.cpp server in router mode: each model it can load with its `status`; its GET endpoints answer for the
  // model their `model` query parameter names, and `autoload=false` keeps them from loading it.
  if (typeof entry?.status?.value === 'string') {
    if (entry.status.value !== 'loaded') return { from: 'GET /props' }
    const query = new URLSearchParams({ model: o.model, autoload: 'false' })
    return { tokens: await llamaCppContext(`props?${query}`, o), from: 'GET /props' }
  }
  // The llama.cpp server with one model lists it with its GGUF metadata (`meta`, its training context n_ctx_train
  // among it), not the context it was started with.
  if (entries.some((m) => typeof m?.meta?.n_ctx_train === 'number'))
    return { tokens: await llamaCppContext('props', o), from: 'GET /props' }
  // LM Studio lists its models there with no context, and with nothing its documentation gives to know it by: it is
  // known by its own REST API's answer, which says the context.
  return lmStudioContext(o)
}

/** The server's GET /models, as the start-up check reads it (openai-probe.ts); undefined for what is no JSON object. */
export async function modelList(o: Asked): Promise<object | undefined> {
  const res = await fetch(`${o.baseUrl.replace(/\/+$/, '')}/models`, { headers: o.headers, signal: o.signal })
  if (!res.ok) return undefined
  const json: unknown = JSON.parse((await boundedText(res)) ?? '')
  return typeof json === 'object' && json !== null ? json : undefined
}

type Listed = {
  id?: unknown
  max_model_len?: unknown
  status?: { value?: unknown }
  meta?: { n_ctx_train?: unknown }
}

function listed(json: object): Listed[] {
  const data = (json as { data?: unknown }).data
  return Array.isArray(data) ? (data as Listed[]).filter((m) => typeof m === 'object' && m !== null) : []
}

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n > 0

/**
 * The context the llama.cpp server gives a request (as its 400 exceed_context_size_error states it, n_ctx):
 * `default_generation_settings.n_ctx` in its GET /props (`path`, with its query). Undefined when it does not answer
 * so: its 400 then says it.
 */
async function llamaCppContext(path: string, o: Asked): Promise<number | undefined> {
  const props = (await rootAnswer(path, o))?.json as { default_generation_settings?: { n_ctx?: unknown } } | undefined
  const tokens = props?.default_generation_settings?.n_ctx
  return positive(tokens) ? tokens : undefined
}

/**
 * The context LM Studio loaded the model with, in its REST API's GET /api/v1/models (LM Studio 0.4.0 and later): the
 * `config.context_length` of each of the model's `loaded_instances` (the smallest, as a request may reach any), not
 * its `max_context_length`, the most the model takes; `tokens` undefined while it is not loaded (it loads at the first
 * request). Undefined from a server whose answer is not that list, each model with its `loaded_instances`: another
 * server, or an LM Studio before 0.4.0 (an error object with status 200), which says its context nowhere.
 */
async function lmStudioContext(o: Asked): Promise<{ tokens?: number; from: string } | undefined> {
  type Instance = { id?: unknown; config?: { context_length?: unknown } }
  type Model = { key?: unknown; loaded_instances?: Instance[] }
  if (o.restApi.absent) return undefined
  const answer = await rootAnswer('api/v1/models', o)
  const models = (answer?.json as { models?: unknown } | undefined)?.models
  if (!Array.isArray(models) || !models.every((m: Model | null) => Array.isArray(m?.loaded_instances))) {
    // An answer that is not the list says what the server is; none (unreached, out of time) says nothing.
    if (answer) o.restApi.absent = true
    return undefined
  }
  const loaded = (models as Model[])
    .flatMap((m) => (m.loaded_instances ?? []).map((i) => ({ key: m.key, ...i })))
    .filter((i) => i.key === o.model || i.id === o.model)
    .map((i) => i.config?.context_length)
    .filter(positive)
  return { tokens: loaded.length ? Math.min(...loaded) : undefined, from: 'GET /api/v1/models' }
}

// The answer to GET `path` at the server's root, beside /v1: its JSON, undefined for an error or what is not JSON;
// no answer at all (unreached, out of time) is undefined.
async function rootAnswer(path: string, o: Asked): Promise<{ json?: unknown } | undefined> {
  const root = o.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')
  try {
    const res = await fetch(`${root}/${path}`, { headers: o.headers, signal: o.signal })
    const text = await boundedText(res)
    return { json: res.ok ? parseJson(text ?? undefined) : undefined }
  } catch {
    return undefined
  }
}
