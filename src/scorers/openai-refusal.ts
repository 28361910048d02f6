import { CHARS_PER_TOKEN, fitToContext, LEAST_POST_CHARS } from './context-budget'
import type { ScoreInput } from './types'

// The least context the prompt is made for, as scorer.openai.context_tokens takes no less (config/schema.ts).
export const LEAST_CONTEXT_TOKENS = 2048
export const LEAST = LEAST_CONTEXT_TOKENS.toLocaleString('en')
// Where a server sets the context it gives the model.
const SET_BY = "(the llama.cpp server's -c, vLLM's --max-model-len, the context length LM Studio loads it with)"
const LARGER = `give the model a larger context on the server ${SET_BY}`
export const GIVE_MORE = `give the model a larger context on the server, at least ${LEAST} tokens ${SET_BY}`

/** The context stated in an error's `refusal` (what a server said of a request it refused with HTTP 400, openai.ts). */
export function statedIn(err: unknown): number | undefined {
  const refusal = (err as { refusal?: unknown } | null)?.refusal
  return typeof refusal === 'string' ? statedContext(refusal) : undefined
}

/**
 * A refusal of a prompt over the context that stands (docs/scoring.md#the-prompt), said as it is where the server's
 * words alone would mislead. A context that leaves the post no room (cut to its least and still refused: the
 * instructions, profiles and reply fill it): scorer.openai.context_tokens cannot help. A context no smaller than the
 * one the post was cut for (`used`): the post came to more tokens than counted, and a setting of the context the
 * server has would change nothing. Any other error as it is.
 */
export function standingRefusal(o: { input: ScoreInput; err: unknown; used: number; where: string }): unknown {
  const stated = statedIn(o.err)
  if (stated === undefined) return o.err
  const said = `HTTP 400: ${(o.err as { refusal: string }).refusal}`
  if (fitToContext(o.input, stated).maxContentChars <= LEAST_POST_CHARS)
    return new Error(
      `the OpenAI-compatible server at ${o.where} could not fit the prompt in the model's context of ${stated} tokens with no more than ${LEAST_POST_CHARS} characters of the post (${said}): the instructions, the team's profiles and the reply take more; ${GIVE_MORE}`,
    )
  if (stated < o.used) return o.err
  const shorter =
    stated > LEAST_CONTEXT_TOKENS
      ? `, or set scorer.openai.context_tokens under ${stated} to cut every post shorter`
      : ''
  return new Error(
    `the OpenAI-compatible server at ${o.where} could not fit the prompt in the model's context of ${stated} tokens, though it was cut to fit ${o.used} tokens at ${CHARS_PER_TOKEN} characters a token (${said}): the post has more tokens than its length suggests (another script, emoji, code); ${LARGER}${shorter}`,
  )
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
