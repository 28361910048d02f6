import type { Logger } from '../lib/log'
import { parseJson } from './reply'
import { withoutThinking } from './thinking'

/**
 * Thinking models on Ollama (docs/scoring.md#thinking-models). A model that can think does so unless the request
 * says `think: false` (Ollama 0.12.4 and later think by default; earlier ones let the model's template decide), and
 * its thinking counts against `num_predict`: with our small reply budget it can use all of it and leave no answer.
 * So every call asks `think: false`, and what a model and its server show is remembered for the scorer's life:
 *
 * - a server or model that refuses the field (Ollama 0.12.4 answers 400 "… does not support thinking" to
 *   `think: false` for a model that cannot think; 0.9 to 0.11 refuse a level) gets the request again without it,
 *   now and from then on;
 * - a model that thinks although asked not to (gpt-oss takes only the levels low, medium and high) is asked at the
 *   lowest level, `"low"`, when the server parsed its thinking out, and always gets THINKING_TOKENS more, so its
 *   thinking never eats the answer's tokens;
 * - a `<think>` block an older server leaves in the content is removed before the reply is read.
 */

/** More tokens for a model that thinks although asked not to: its thinking is counted in `num_predict`. */
export const THINKING_TOKENS = 1536

/** The part of Ollama's /api/chat answer read here (docs: Ollama's API, "Generate a chat completion"). */
type ChatAnswer = { message?: { content?: string; thinking?: string }; done_reason?: string } | undefined

/** What is sent as `think`: nothing, false, or the lowest of gpt-oss's levels. */
type ThinkSent = false | 'low' | undefined

/** One /api/chat call with this `think` and `num_predict`. */
type ChatCall = (think: ThinkSent, numPredict: number) => Promise<ChatAnswer>

/** The answer that says a model only thought, named so that `scorer check` can show it as it is. */
export class OnlyThoughtError extends Error {}

export function ollamaThinking(o: {
  model: string
  /** The server's origin, as messages name it. */
  where: string
  replyTokens: number
  log: Logger
  /** The server's own message when an error is its HTTP 400 answer, else undefined. */
  refusal: (err: unknown) => string | undefined
}) {
  let thinkRefused = false
  let thinksAnyway = false
  let askLevel = false
  const think = (): ThinkSent => (thinkRefused ? undefined : askLevel ? 'low' : false)
  const budget = () => o.replyTokens + (thinksAnyway ? THINKING_TOKENS : 0)

  async function call(chat: ChatCall): Promise<ChatAnswer> {
    const sent = think()
    try {
      return await chat(sent, budget())
    } catch (err) {
      const said = sent === undefined ? undefined : o.refusal(err)
      if (!said || !/\bthink/i.test(said)) throw err
      thinkRefused = true
      o.log.warn('scorer_think_refused', { scorer: 'ollama', model: o.model, think: sent, said })
      return chat(undefined, budget())
    }
  }

  /** Notes what a reply shows of the model's thinking; true when it thought. */
  function learn(reply: ChatAnswer, thoughtInContent: boolean): boolean {
    const parsedOut = Boolean(reply?.message?.thinking?.trim())
    if (!parsedOut && !thoughtInContent) return false
    if (!thinksAnyway) o.log.warn('scorer_model_thinks', { scorer: 'ollama', model: o.model })
    thinksAnyway = true
    // Only a server that parses thinking out takes levels (Ollama 0.11 and later); one that leaves it in the
    // content is given no level it would refuse.
    if (parsedOut && !thinkRefused) askLevel = true
    return true
  }

  return {
    /** Tokens of the context window kept for thinking: none until the model has thought. */
    extraTokens: () => (thinksAnyway ? THINKING_TOKENS : 0),
    /** What a person checking the scorer should know, once the model has shown it. */
    caveat: () =>
      thinksAnyway
        ? `the model thinks before it answers although asked not to: each post takes longer, with ${THINKING_TOKENS} more tokens allowed`
        : undefined,
    /**
     * The reply's text, without thinking. A reply that was all thinking is asked for once more with room for the
     * thinking (unless it had that room already); a second one throws OnlyThoughtError.
     */
    async answer(chat: ChatCall): Promise<string> {
      const hadRoom = thinksAnyway
      for (let attempt = 0; ; attempt++) {
        const reply = await call(chat)
        const text = withoutThinking(reply?.message?.content)
        const content = reply?.message?.content ?? ''
        // An empty block (Qwen3 told not to think writes one) is no thinking.
        const block = content.slice(0, content.length - text.answer.length).replace(/<\/?think(?:ing)?>/gi, '')
        const thought = learn(reply, text.thoughtOnly || block.trim() !== '')
        // Stopped at num_predict before the JSON object ended: asked again, it would be cut again, unless thinking
        // took the room, which the next call has. All thinking and no answer is said below.
        const cut = reply?.done_reason === 'length' && parseJson(text.answer.trim()) === undefined
        const roomTried = hadRoom || attempt > 0
        if (cut && (thought ? roomTried && text.answer.trim() : true))
          throw new Error(
            `the Ollama model server at ${o.where} cut the reply off at num_predict, ${budget()} tokens (done_reason "length"), before its JSON object ended: a model that pads its reply with blank lines or repeats itself does so${thought ? ', as may one that thinks although asked not to' : ''}; choose another model`,
          )
        if (!cut && (text.answer.trim() || !thought)) return text.answer
        if (hadRoom || attempt > 0) {
          // A stop after thinking with nothing said is what Ollama before 0.12.4 did with gpt-oss and a JSON schema.
          const why =
            reply?.done_reason === 'length'
              ? `all ${budget()} tokens (num_predict) went to thinking`
              : 'it stopped after thinking (Ollama 0.12.4 and later let a model think before the JSON schema holds it)'
          throw new OnlyThoughtError(
            `model "${o.model}" only thought and gave no answer: ${why}; it thinks although asked not to (think: ${think() ?? 'not sent'}), so choose a model that can answer without thinking`,
          )
        }
      }
    },
  }
}
