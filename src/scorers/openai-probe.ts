import { plainHttpOnTlsPort } from '../lib/network-reason'
import { boundedText, errorText, pathOf } from './server-answer'
import { grammarRefused } from './openai-grammar'

/**
 * The `openai` scorer's start-up check (docs/scoring.md#checking-the-model-server): `GET {base_url}/models`, part of
 * the API every compatible server serves: whether the address and the key are right, and for vLLM whether it serves
 * the model (notServedByVllm). Undefined when they are, else what is wrong.
 */
export async function probeOpenAi(o: {
  baseUrl: string
  headers: Record<string, string>
  /** The origin, as messages name the server. */
  where: string
  /** Masks the key (and anything shaped like one) in what the server said. */
  mask: (text: string) => string
  signal: AbortSignal
  model: string
  /** Reads the model list the server answered (the context it gives the model, openai-context.ts). */
  listed?: (json: object, signal: AbortSignal) => Promise<void>
}): Promise<string | undefined> {
  const { where, mask } = o
  const path = pathOf(o.baseUrl)
  const res = await fetch(`${o.baseUrl.replace(/\/+$/, '')}/models`, { headers: o.headers, signal: o.signal })
  if (res.ok) {
    const json = await okAnswer(res)
    if (json === undefined) return undefined
    if (json === null) return otherServerAt(where, path, `GET ${path}/models answered with what is not JSON`)
    const error = sentError(json)
    // Masked before the cut: a key quoted across it kept its first characters.
    const said = error === undefined ? undefined : mask(error).slice(0, 300)
    if (!said) {
      await o.listed?.(json, o.signal)
      return notServedByVllm(json, o.model, where)
    }
    // LM Studio answers a path it does not serve (one without /v1) with 200 and an error object.
    const what = `GET ${path}/models answered with an error: ${said}`
    if (!/\/v1$/.test(path))
      return `no OpenAI-compatible API at ${where}${path} (${what}): scorer.openai.base_url usually ends in /v1`
    return `the OpenAI-compatible server at ${where} answered ${what}`
  }
  if (res.status === 401 || res.status === 403)
    return `the OpenAI-compatible server at ${where} refused the request (HTTP ${res.status}): ${keyAdvice(o.headers)}`
  if (res.status === 404) return notFoundAt(where, path)
  const said = await errorText(res, openAiMessage, mask)
  return (
    plainHttpOnTlsPort(where, res.status, said) ??
    `the OpenAI-compatible server at ${where} answered HTTP ${res.status} to GET /models: ${said}`
  )
}

/**
 * A successful answer read: its JSON object, undefined for one too long to read whole (given the benefit of the
 * doubt), null for what is not JSON (a web application on that port answers every path with its page).
 */
async function okAnswer(res: Response): Promise<object | null | undefined> {
  const text = await boundedText(res).catch(() => '')
  if (text === null) return undefined
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  return typeof json === 'object' && json !== null ? json : null
}

/**
 * vLLM serves only the names its GET /v1/models lists (each `owned_by: "vllm"`) and answers 404 to any other, so a
 * model missing there is named now. Other servers' lists are not held to: the llama.cpp server answers to any name,
 * LM Studio loads a model it has on demand, Ollama reads `qwen3` as `qwen3:latest`.
 */
function notServedByVllm(json: object, model: string, where: string): string | undefined {
  const data = (json as { data?: unknown }).data
  if (!Array.isArray(data) || data.length === 0) return undefined
  const entries = data as { id?: unknown; owned_by?: unknown }[]
  if (!entries.every((m) => m?.owned_by === 'vllm')) return undefined
  const ids = entries.map((m) => String(m.id))
  if (ids.includes(model)) return undefined
  const listed = ids
    .slice(0, 5)
    .map((id) => `"${id}"`)
    .join(', ')
  return `the OpenAI-compatible server at ${where} serves no model "${model}" (vLLM lists ${listed}): set scorer.openai.model to a name it lists`
}

/**
 * What a 404 to `GET {base_url}/models` means (docs/scoring.md#checking-the-model-server). Without `/v1` at the end
 * the address most likely lacks it; with it, the server there is not an OpenAI-compatible one (another service on
 * that host and port), and telling the operator to add the `/v1` they already wrote would send them the wrong way.
 */
function notFoundAt(where: string, path: string): string {
  if (!/\/v1$/.test(path))
    return `no OpenAI-compatible API at ${where}${path}: scorer.openai.base_url usually ends in /v1`
  return otherServerAt(where, path, `GET ${path}/models answered HTTP 404`)
}

function otherServerAt(where: string, path: string, what: string): string {
  return `no OpenAI-compatible API at ${where}${path} (${what}): another server answers at this address; check the host and port of scorer.openai.base_url`
}

/**
 * The message of an error object sent with status 200: OpenAI's shape (OpenRouter's API documentation, "Errors";
 * LM Studio for a path it does not serve), or vLLM's own (docs/scoring.md#reading-the-reply).
 */
export function sentError(body: unknown): string | undefined {
  const b = body as { error?: unknown; object?: unknown } | null
  const said = b && (b.error !== undefined || b.object === 'error') ? openAiMessage(b) : undefined
  return typeof said === 'string' && said.trim() ? said : undefined
}

/** OpenAI answers errors as {"error": {"message": "..."}}; compatible servers mostly do the same, some send text. */
export function openAiMessage(body: unknown): unknown {
  const b = body as { error?: { message?: unknown } | string; message?: unknown }
  return typeof b.error === 'string' ? b.error : (b.error?.message ?? b.message)
}

/**
 * What to do about a 401 or 403: a server started with a key (vLLM's or the llama.cpp server's --api-key) refuses a
 * request without one, and an empty scorer.openai.api_key sends none; the key itself is never named.
 */
export function keyAdvice(headers: Record<string, string>): string {
  if (headers.authorization) return 'check scorer.openai.api_key'
  return 'no key was sent: set scorer.openai.api_key (LEAD_SIGNALS_SCORER_OPENAI_API_KEY) to the key the server was started with'
}

// A prompt over the context the server gave the model, in the words of OpenAI's API and vLLM ("This model's maximum
// context length is …") and of the llama.cpp server ("… exceeds the available context size …"). Their advice, to
// shorten the messages, is not the operator's to follow: the context is the server's setting.
const CONTEXT_FULL = /maximum context length|exceeds the available context size/i

// LM Studio refuses a model it has not downloaded with 400, not 404: "Invalid model identifier "x". Please specify a
// valid downloaded model (e.g., …)" (docs/scoring.md#fallback-and-timeouts).
const UNKNOWN_MODEL = /invalid model identifier|model\b[^.]* not found/i

/**
 * A call's HTTP error in words (docs/scoring.md#fallback-and-timeouts): nginx's answer to http:// on its TLS port, a
 * 404 naming the model (a server that does not serve it: vLLM, OpenAI; LM Studio's 400) with what to set, a prompt
 * over the model's context with where to give it more, a refused response format (DeepSeek's API takes no json_schema)
 * with what the scorer needs, a refused grammar with the server setting behind it (openai-grammar.ts), else the
 * status and what the server said. `path`: the path of scorer.openai.base_url.
 */
export function callRefused(o: { where: string; status: number; detail: string; model: string; path: string }) {
  const { where, status, detail, model } = o
  const tls = plainHttpOnTlsPort(where, status, detail)
  if (tls) return tls
  if ((status === 404 || (status === 400 && UNKNOWN_MODEL.test(detail))) && detail.includes(model))
    return `the OpenAI-compatible server at ${where} does not serve model "${model}" (HTTP ${status}: ${detail}): set scorer.openai.model to a name its GET ${o.path}/models lists`
  const grammar = grammarRefused(where, status, detail)
  if (grammar) return grammar
  if ((status === 400 || status === 422) && /response_format/.test(detail))
    return `the OpenAI-compatible server at ${where} does not take the reply's JSON schema (response_format json_schema) (HTTP ${status}: ${detail}): the openai scorer needs a server that holds the model to a JSON schema, as OpenAI, vLLM, the llama.cpp server and LM Studio do; serve the model with one of those, or with Ollama and scorer.backend = "ollama"`
  if (status === 400 && CONTEXT_FULL.test(detail))
    return `the OpenAI-compatible server at ${where} could not fit the prompt in the model's context (HTTP 400: ${detail}): give the model a larger context on the server (the llama.cpp server's -c, vLLM's --max-model-len), or set scorer.openai.context_tokens to the context it has`
  return `the OpenAI-compatible server at ${where} answered HTTP ${status}: ${detail}`
}
