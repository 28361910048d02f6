import { boundedText, errorText, MAX_ANSWER_BYTES, originOf, pathOf, unreadAnswer } from './server-answer'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { scorerWords } from './scorer-words'
import { callUnreached } from '../lib/network-reason'
import { backgroundLoader } from './background-load'
import { firstAlone } from './first-alone'
import { modelContext } from './openai-context'
import { NO_THINKING, noThinkingUnlessRefused } from './openai-no-thinking'
import { readCompletion } from './openai-completion'
import { callRefused, keyAdvice, openAiMessage, probeOpenAi } from './openai-probe'
import { heldOff, NO_CREDIT_ADVICE, noCredit, refusalWaits, waitsOwn } from './openai-quota'
import { PROMPT_VERSION } from './prompt'
import { askForScore, OFF_SCHEMA, type ChatMessage, SCORE_REPLY_SCHEMA } from './reply'
import type { Scorer } from './types'

type OpenAiConfig = Config['scorer']['openai']

/** The server could not be reached, answered with an HTTP error, or answered something that is not a completion. */
export class OpenAiError extends Error {
  /** What the server said of a request it refused with HTTP 400 (the context it states, openai-context.ts). */
  constructor(
    message: string,
    readonly refusal?: string,
    /** Seconds a 429 or 503 asked to wait before the next request (asked-to-wait.ts). */
    readonly waitSec?: number,
  ) {
    super(message)
  }
}

/**
 * The `openai` scorer: `POST {base_url}/chat/completions` with a strict JSON-schema `response_format` and
 * temperature 0. Any OpenAI-compatible server works (vLLM, llama.cpp server, LM Studio, Ollama's /v1); the
 * `Authorization` header is sent only when `api_key` is set. Throws when there is no usable answer. The key never
 * appears in an error: the server's own error text is passed on with the key (and anything shaped like one) masked.
 */
export function createOpenAiScorer(config: OpenAiConfig, log: Logger): Scorer {
  const url = `${config.base_url.replace(/\/+$/, '')}/chat/completions`
  const where = originOf(config.base_url, 'the configured base_url')
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  // Without the spaces or line end a pasted or file-read key may carry: servers compare the header whole.
  const key = config.api_key.trim()
  if (key) headers.authorization = `Bearer ${key}`
  const mask = (text: string) => {
    const masked = key ? text.replaceAll(key, '***') : text
    return masked.replace(/\bsk-[\w*.-]+/g, 'sk-***')
  }

  // A server that loads a model at its first request (LM Studio's just-in-time loading, the llama.cpp server's router
  // mode) is asked for one token, to load it at start and after a call ran out of time (docs/scoring.md).
  const loader = backgroundLoader({
    scorer: 'openai',
    model: config.model,
    log,
    url,
    init: {
      headers,
      body: JSON.stringify({ model: config.model, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 1 }),
    },
  })

  // Calls wait for the load, or the first call, while the model may be loading (LM Studio loads a copy per request).
  const turns = firstAlone()
  const waits = refusalWaits() // 429s without Retry-After (openai-quota.ts)

  // The switch asking a model not to think, sent until the server refuses it by name.
  const ask = noThinkingUnlessRefused({ model: config.model, log })

  // The context a post is cut to fit: the operator's setting, else what the server says it gives the model.
  const context = modelContext(config, headers, log)
  // Whether the server answered over this address: a connection it resets since is no TLS server's (callUnreached).
  let heard = false

  async function post(messages: ChatMessage[], signal: AbortSignal, noThinking: boolean): Promise<Response> {
    const body = {
      model: config.model,
      messages,
      temperature: 0,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'score_reply', strict: true, schema: SCORE_REPLY_SCHEMA },
      },
      ...(noThinking ? NO_THINKING : {}),
    }
    try {
      const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal })
      heard = true
      return res
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err
      throw new OpenAiError(callUnreached({ err, scorer: 'openai', named: scorerWords('openai'), where, heard, mask }))
    }
  }

  async function send(messages: ChatMessage[], signal: AbortSignal): Promise<string | null | undefined> {
    const round = waits.round()
    const res = await turns.send(() => ask((noThinking) => post(messages, signal, noThinking)), signal)
    if (!res.ok) {
      // A 401 message from OpenAI quotes part of the key; say only what to check.
      let sent: unknown
      const read = (body: unknown) => {
        sent = body
        return openAiMessage(body)
      }
      const detail = res.status === 401 || res.status === 403 ? keyAdvice(headers) : await errorText(res, read, mask)
      const path = pathOf(config.base_url)
      const broke = noCredit(sent)
      const said = callRefused({ where, status: res.status, detail, model: config.model, path })
      // OpenAI's message ends with a full stop: no ".:" before the advice.
      const refused = broke ? `${said.replace(/\.$/, '')}: ${NO_CREDIT_ADVICE}` : said
      const held = heldOff(res, refused, { waits, round, when: waitsOwn(res.status, detail), noCredit: broke })
      throw new OpenAiError(held.message, res.status === 400 ? detail : undefined, held.waitSec)
    }
    let body: string | null
    try {
      body = await boundedText(res)
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err
      throw new OpenAiError(mask(unreadAnswer('openai', where, err)))
    }
    if (body === null)
      throw new OpenAiError(`the OpenAI-compatible server at ${where} answered more than ${MAX_ANSWER_BYTES} bytes`)
    const read = readCompletion(body, { where, model: config.model, mask })
    if ('failure' in read) throw new OpenAiError(read.failure)
    return read.answer
  }

  // The start-up check reads the context the server lists for the model too.
  const checked = { baseUrl: config.base_url, headers, where, mask, model: config.model, listed: context.fromModelList }
  return {
    name: 'openai',
    model: config.model,
    version: PROMPT_VERSION,
    endpoint: where,
    warmUp: () => turns.loading(loader.load({ said: false })),
    loadModel: () => turns.loading(loader.load({ said: true, afterTimeout: true })),
    modelLoading: loader.busy,
    loadState: loader.state,
    close: loader.close,
    caveat: context.caveat,
    probe: async (signal) => {
      const problem = await probeOpenAi({ ...checked, signal })
      heard = true
      return problem
    },
    async score(input, signal) {
      const answer = await context.scoreWithin(input, signal, (fit) =>
        askForScore({
          ...fit,
          signal,
          advice: OFF_SCHEMA.openai,
          send: (messages) => send(messages, signal),
          onRetry: (why) => log.warn('scorer_reply_retry', { scorer: 'openai', model: config.model, why }),
        }),
      )
      loader.answered()
      waits.answered()
      return answer
    },
  }
}
