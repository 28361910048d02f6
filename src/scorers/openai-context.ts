import type { Config } from '../config/schema'
import type { Logger } from '../lib/log'
import { contentBudget, type Fit, fitToContext } from './context-budget'
import { GIVE_MORE, LEAST, LEAST_CONTEXT_TOKENS, standingRefusal, statedIn } from './openai-refusal'
import { buildUserMessage } from './prompt'
import { modelList, servedContext } from './served-context'
import { originOf } from './server-answer'
import type { ScoreInput } from './types'

// The context assumed of a server that says nothing of its own (OpenAI's API, Ollama's /v1): enough for a post of
// about 7,000 characters (docs/scoring.md#the-prompt).
const DEFAULT_CONTEXT_TOKENS = 4096
// How long a context the server stated stands before a post it would cut has the server asked again: the operator may
// restart it with another (the llama.cpp server's -c, vLLM's --max-model-len) while this service runs.
const ASK_AGAIN_MS = 60_000
// Where a context learned from a refusal came from, as scorer_context_learned says it.
const REFUSAL = 'HTTP 400'

type OpenAiConfig = Config['scorer']['openai']

/**
 * The context, in tokens, a post is cut to fit for the `openai` scorer (docs/scoring.md#the-prompt):
 * scorer.openai.context_tokens when the operator set it, whatever the server says; else the context the server said
 * it gives the model; else 4096. What the server said is logged once each time it changes (`scorer_context_learned`).
 * A server that says it is asked again before a post the context would cut, once ASK_AGAIN_MS went by since, or a call
 * failed since (the server restarted, perhaps with another context; a model loaded since). A context only a refusal
 * stated is forgotten a minute on, once a call failed since.
 */
export function modelContext(config: OpenAiConfig, headers: Record<string, string>, log: Logger) {
  let said: number | undefined
  // When the server was last asked the context, where it says it (undefined: it never does, as OpenAI's API).
  let askedAt: number | undefined
  let failedSince = false
  let asking: Promise<void> | undefined
  // What is said of a context under LEAST_CONTEXT_TOKENS, while it is the one learned.
  let small: string | undefined
  // A context learned from a refusal alone (the server said none when asked): when, and whether a call failed since.
  let refused: { at: number; failedSince: boolean } | undefined
  const learn = (tokens: number, from: string) => {
    refused = from === REFUSAL ? { at: Date.now(), failedSince: false } : undefined
    if (tokens === said) return
    said = tokens
    log.info('scorer_context_learned', { scorer: 'openai', model: config.model, tokens, from })
    small = undefined
    if (tokens >= LEAST_CONTEXT_TOKENS) return
    // Told before any post fails: the instructions, profiles and reply leave a post little room or none.
    const room = contentBudget({ content: '', icps: [] }, tokens)
    small = `the server gives model "${config.model}" ${tokens} tokens of context, under the ${LEAST} the prompt is made for: posts are cut to ${room} characters or fewer and may be refused; ${GIVE_MORE}`
    log.warn('scorer_context_small', { scorer: 'openai', model: config.model, tokens, from, message: small })
  }
  const tokens = () => config.context_tokens ?? said ?? DEFAULT_CONTEXT_TOKENS
  // A call failed other than by a 400 (which the server answers as it runs): unreached, out of time, a 5xx; the
  // server may have restarted since, with another context.
  const failed = (err: unknown) => {
    if ((err as { refusal?: unknown } | null)?.refusal !== undefined) return
    failedSince = true
    if (refused) refused.failedSince = true
    restApi.absent = false
  }
  // A server that answered LM Studio's REST API path as no LM Studio 0.4.0 or later does is not asked there again by
  // the checks that follow, until a call fails: another server may answer at the address since.
  const restApi = { absent: false }
  const where = originOf(config.base_url, 'the configured base_url')
  const server = (signal: AbortSignal) => ({ baseUrl: config.base_url, headers, model: config.model, signal, restApi })

  /**
   * The start-up check's answer to GET /models: the context the server gives the model, where it says it
   * (served-context.ts: vLLM's list, the llama.cpp server's /props, LM Studio's REST API).
   */
  async function fromModelList(json: object, signal: AbortSignal) {
    if (config.context_tokens !== undefined) return
    const served = await servedContext(json, server(signal))
    if (served === undefined) return
    askedAt = Date.now()
    failedSince = false
    if (served.tokens !== undefined) learn(served.tokens, served.from)
  }

  // Before a post the context would cut: the server asked again where it says it, when that is due. Calls at once
  // share one asking; one that fails leaves the context as it was, for another ASK_AGAIN_MS.
  async function askAgainFor(input: ScoreInput, signal: AbortSignal) {
    if (config.context_tokens !== undefined) return
    forgetRefusalWhenDue()
    if (askedAt === undefined) return
    if (!failedSince && Date.now() - askedAt < ASK_AGAIN_MS) return
    if (input.content.length <= fitToContext(input, tokens()).maxContentChars) return
    askedAt = Date.now()
    failedSince = false
    asking ??= modelList(server(signal))
      .then((json) => json && fromModelList(json, signal))
      .catch(() => {})
      .finally(() => {
        asking = undefined
      })
    await asking
  }

  // A context only a refusal stated is known again only by a post sent longer: a minute after it was learned, with a
  // call failed since (the server restarted, perhaps with a larger context), the next post is cut as before it, and a
  // server that still has the smaller one refuses it again, stating it.
  function forgetRefusalWhenDue() {
    if (!refused?.failedSince || Date.now() - refused.at < ASK_AGAIN_MS) return
    refused = undefined
    said = undefined
    small = undefined
  }

  return {
    fromModelList,
    /** For `scorer check`: a context learned under LEAST_CONTEXT_TOKENS, said; undefined for any other. */
    caveat: () => small,
    /**
     * Scores a post cut to fit the context (`ask` is given the post fitted to it: its profiles perhaps shortened, the
     * characters of the post that fit). Refused with HTTP 400
     * by a server stating a smaller context than the post was cut for (the error's `refusal`, what the server said),
     * and no setting given, that context is taken and the post sent once more, cut to fit it. A 400 stating none, or
     * no smaller one (the post was counted too short), or a post that a smaller context would not cut shorter, would
     * be refused again: its error stands.
     */
    async scoreWithin<T>(input: ScoreInput, signal: AbortSignal, ask: (fit: Fit) => Promise<T>): Promise<T> {
      await askAgainFor(input, signal)
      const used = tokens()
      const first = fitToContext(input, used)
      try {
        return await ask(first)
      } catch (err) {
        failed(err)
        const stated = statedIn(err)
        if (stated === undefined || stated >= used || config.context_tokens !== undefined)
          throw standingRefusal({ input, err, used, where })
        learn(stated, REFUSAL)
        const again = fitToContext(input, stated)
        const cut = (fit: Fit) => buildUserMessage(fit.input, { maxContentChars: fit.maxContentChars })
        if (cut(again) === cut(first)) throw standingRefusal({ input, err, used: stated, where })
        return ask(again).catch((retried) => {
          failed(retried)
          throw standingRefusal({ input, err: retried, used: stated, where })
        })
      }
    },
  }
}
