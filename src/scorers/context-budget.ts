import { fitProfiles } from './profile-fit'
import { buildUserMessage, SYSTEM_PROMPT } from './prompt'
import type { ScoreInput } from './types'

// Tokens the reply may take (the JSON object is far smaller; this stops a model that rambles).
export const REPLY_TOKENS = 512
// Room for the failed reply and the correction when the model is asked once more.
const RETRY_TOKENS = 320
// A cautious estimate (English runs nearer 4): cutting a post a little early beats losing the instructions.
export const CHARS_PER_TOKEN = 3
// The least of a post that is sent, however small the context: with less the model could not judge it at all.
export const LEAST_POST_CHARS = 500

/** The post as it is sent: its input (profiles perhaps shortened) and the characters of the post that fit. */
export type Fit = { input: ScoreInput; maxContentChars: number }

/**
 * The characters of the post that fit a context of `contextTokens` next to the instructions, profiles, reply and
 * `extraTokens` (a thinking model's), for either model backend (docs/scoring.md#the-prompt): Ollama's num_ctx, the
 * context an OpenAI-compatible server gives the model.
 */
export function contentBudget(input: ScoreInput, contextTokens: number, extraTokens = 0): number {
  const fixed = SYSTEM_PROMPT.length + buildUserMessage({ ...input, content: '' }).length
  const tokens = contextTokens - REPLY_TOKENS - RETRY_TOKENS - extraTokens - Math.ceil(fixed / CHARS_PER_TOKEN)
  return Math.max(LEAST_POST_CHARS, tokens * CHARS_PER_TOKEN)
}

/**
 * The post fitted to a context of `contextTokens` (docs/scoring.md#profiles-longer-than-the-context). The team's
 * profiles are sent whole when the post still fits beside them, or at least half of the room the instructions and reply
 * leave; else they are shortened to leave it that (profile-fit.ts): a prompt over the context loses its start (Ollama
 * drops it, a server refuses it), and a team with many long profiles would otherwise have the model score without its
 * instructions.
 */
export function fitToContext(input: ScoreInput, contextTokens: number, extraTokens = 0): Fit {
  const room = (contextTokens - REPLY_TOKENS - RETRY_TOKENS - extraTokens) * CHARS_PER_TOKEN - SYSTEM_PROMPT.length
  const forPost = Math.min(input.content.trim().length, Math.max(LEAST_POST_CHARS, Math.floor(room / 2)))
  const listed = (icps: ScoreInput['icps']) => buildUserMessage({ ...input, icps, content: '' }).length
  const icps = input.icps.length ? fitProfiles(input.icps, room - forPost, listed) : input.icps
  const fitted = icps === input.icps ? input : { ...input, icps }
  return { input: fitted, maxContentChars: contentBudget(fitted, contextTokens, extraTokens) }
}
