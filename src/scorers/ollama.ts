import { boundedText, errorText, MAX_ANSWER_BYTES, notOneObject, originOf, unreadAnswer } from './server-answer'
import { Ollama } from 'ollama/browser'
import * as v from 'valibot'
import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { callUnreached, plainHttpOnTlsPort } from '../lib/network-reason'
import { inMemory, ollamaLoader } from './ollama-load'
import { noModel } from './ollama-pulled'
import { scorerWords } from './scorer-words'
import { ollamaMessage, probeOllama, proxyRefused, sentError } from './ollama-probe'
import { ollamaThinking } from './ollama-thinking'
import { formatRefused } from './ollama-version'
import { fitToContext, REPLY_TOKENS } from './context-budget'
import { PROMPT_VERSION } from './prompt'
import { askForScore, OFF_SCHEMA, SCORE_REPLY_SCHEMA } from './reply'
import type { Scorer } from './types'
import { heldOff, refusalWaits } from './openai-quota'

type OllamaConfig = Config['scorer']['ollama']

/** The Ollama server could not be reached or answered with an HTTP error (then its status and its own message). */
export class OllamaError extends Error {
  constructor(
    message: string,
    readonly answered?: { status: number; said: string },
    /** Seconds a 429 or 503 asked to wait before the next request (asked-to-wait.ts). */
    readonly waitSec?: number,
  ) {
    super(message)
  }
}

/**
 * The `ollama` scorer: `/api/chat` with the reply's JSON schema as `format` (the server constrains the output to
 * it), temperature 0, the configured context size and keep-alive. Throws when there is no usable answer.
 */
export function createOllamaScorer(config: OllamaConfig, log: Logger): Scorer {
  // The host may carry credentials (user:password@); errors name only the origin.
  const where = originOf(config.host, 'the configured host')
  // What the model showed of its thinking, kept for the scorer's life (docs/scoring.md#thinking-models).
  const thinking = ollamaThinking({
    model: config.model,
    where,
    replyTokens: REPLY_TOKENS,
    log,
    refusal: (err) => (err instanceof OllamaError && err.answered?.status === 400 ? err.answered.said : undefined),
  })
  const loader = ollamaLoader({ host: config.host, model: config.model, keepAlive: config.keep_alive, log })
  // Whether the server answered over this address: a connection it resets since is no TLS server's (closedMidCall).
  const heard = { before: false }
  // Ollama's full queue answers 503 and a rate limit 429, without Retry-After: waits of this side (openai-quota.ts).
  const waits = refusalWaits()
  return {
    name: 'ollama',
    model: config.model,
    version: PROMPT_VERSION,
    endpoint: where,
    caveat: thinking.caveat,
    loadModel: loader.load,
    modelLoading: loader.busy,
    loadState: loader.state,
    warmUp: loader.warmUp,
    close: loader.close,
    probe: async (signal) => {
      const problem = await probeOllama({ host: config.host, where, model: config.model, signal })
      heard.before = true
      return problem
    },
    inMemory: () => inMemory(config.host.replace(/\/+$/, ''), config.model),
    async score(input, signal) {
      // ollama-js passes no abort signal to a non-streaming request, so each call gets a client whose fetch carries it.
      const client = new Ollama({
        host: config.host,
        fetch: fetchFor(signal, where, config.model, config.host, { heard, waits }),
      })
      const answer = await askForScore({
        ...fitToContext(input, config.num_ctx, thinking.extraTokens()),
        signal,
        advice: OFF_SCHEMA.ollama,
        onRetry: (why) => log.warn('scorer_reply_retry', { scorer: 'ollama', model: config.model, why }),
        send: (messages) =>
          thinking.answer((think, numPredict) =>
            client.chat({
              model: config.model,
              messages,
              stream: false,
              format: SCORE_REPLY_SCHEMA,
              keep_alive: config.keep_alive,
              ...(think === undefined ? {} : { think }),
              options: { temperature: 0, num_ctx: config.num_ctx, num_predict: numPredict },
            }),
          ),
      })
      loader.answered()
      waits.answered()
      return answer
    },
  }
}

// Where an internal error of Ollama is told (its troubleshooting guide): the log, wherever the way it runs puts it.
const LOG_SAYS =
  "; the Ollama server's log says why (journalctl -u ollama where systemd runs it, docker logs for a container, ~/.ollama/logs/server.log on a Mac)"

/**
 * A fetch bound to the call's abort signal. It also turns a network failure or an HTTP error into an OllamaError
 * itself (the client would print the error body to stdout first).
 */
function fetchFor(
  signal: AbortSignal,
  where: string,
  model: string,
  host: string,
  { heard, waits }: { heard: { before: boolean }; waits: ReturnType<typeof refusalWaits> },
): typeof fetch {
  const bound = async (url: string | URL | Request, init?: RequestInit) => {
    const round = waits.round()
    let res: Response
    try {
      res = await fetch(url, { ...init, signal })
      heard.before = true
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err
      throw new OllamaError(
        callUnreached({ err, scorer: 'ollama', named: scorerWords('ollama'), where, heard: heard.before }),
      )
    }
    if (!res.ok) {
      const said = await errorText(res, ollamaMessage)
      // A model not pulled (or removed since the start-up check) is named as the check names it, with its command.
      const message =
        plainHttpOnTlsPort(where, res.status, said) ??
        proxyRefused(where, host, res.status, model) ??
        formatRefused(where, res.status, said) ??
        (res.status === 404 && said.includes(model)
          ? `${noModel(where, model)} (HTTP 404: ${said})`
          : `the Ollama model server at ${where} answered HTTP ${res.status}: ${said}${res.status === 500 ? LOG_SAYS : ''}`)
      const held = heldOff(res, message, { waits, round, when: res.status === 429 || res.status === 503 })
      throw new OllamaError(held.message, { status: res.status, said }, held.waitSec)
    }
    // The client reads the whole body as one JSON object: it gets one only of a bounded size, and a stream of
    // objects (a server that streams though stream is false) is named here rather than as a parser's error.
    let text: string | null
    try {
      text = await boundedText(res)
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err
      throw new OllamaError(unreadAnswer('ollama', where, err))
    }
    if (text === null)
      throw new OllamaError(`the Ollama model server at ${where} answered more than ${MAX_ANSWER_BYTES} bytes`)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      // A stream's error line (Ollama's API documentation, "Errors") says more than that it streamed.
      const said = sentError(text)
      if (said)
        throw new OllamaError(`the Ollama model server at ${where} answered with an error: ${said.slice(0, 300)}`)
      throw new OllamaError(`the Ollama model server at ${where} answered ${notOneObject(text, 'scorer.ollama.host')}`)
    }
    // Only /api/chat goes through here. Anything but a chat answer (a server gone wrong, another service at the
    // address) is named now, not read further as an empty or broken reply (or a TypeError in the client's code).
    const said = ollamaMessage(json)
    if (typeof said === 'string')
      throw new OllamaError(`the Ollama model server at ${where} answered with an error: ${said}`)
    if (!v.is(ChatAnswer, json))
      throw new OllamaError(`the Ollama model server at ${where} answered something that is not a chat answer`)
    return new Response(text, { status: res.status, headers: { 'content-type': 'application/json' } })
  }
  return bound as typeof fetch
}

// The part of Ollama's /api/chat answer that is read (its API documentation, "Generate a chat completion").
const ChatAnswer = v.object({
  message: v.object({ content: v.string(), thinking: v.optional(v.nullable(v.string())) }),
})
