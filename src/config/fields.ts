import * as v from 'valibot'

// Field types shared by the configuration's tables.
// One message for a value that is no URL at all and one of another scheme: the usual slip is a host and port without
// http:// (as Ollama's OLLAMA_HOST is written), which the URL check alone answered with 'is not valid'.
const NOT_HTTP = 'must be an address starting with http:// or https://'
export const httpUrl = v.pipe(v.string(), v.url(NOT_HTTP), v.regex(/^https?:\/\//, NOT_HTTP))
/** Whether an address is its scheme, host and port alone (a lone `/` after them is the root too). */
const hostOnly = (address: string) => {
  // A pipe runs every check: an address that is no URL is refused by httpUrl already.
  if (!URL.canParse(address)) return true
  const u = new URL(address)
  return u.pathname === '/' && u.search === '' && u.hash === ''
}
/**
 * A platform's address whose connector calls the platform's own paths (`/api/v1/…`) at its scheme, host and port: a
 * path or query written after them would be dropped without a word, so it is refused
 * (docs/operations.md#platforms-settings). The message does not repeat them: a query may hold a token.
 */
export const hostUrl = v.pipe(
  httpUrl,
  v.check(
    hostOnly,
    "only its scheme, host and port are used (the platform's own paths are called there), so a path or query after them would be dropped: serve the mirror or proxy at the root of a host name or port",
  ),
)
export const timeoutMs = (fallback = 10_000) =>
  v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(600_000)), fallback)
/** A score on the scorers' 0-10 scale (docs/scoring.md#score-bands). */
export const score = (fallback: number) => v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(10)), fallback)
export const probability = (fallback: number) => v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1)), fallback)
/** A key that no longer applies: refused with what replaced it, rather than silently ignored. */
export const retired = (message: string) => v.optional(v.custom<never>(() => false, message))
/** A model server's model: an empty one (an unset variable in a compose file) is refused here, not asked for there. */
export const modelName = (fallback: string) =>
  v.optional(v.pipe(v.string(), v.regex(/\S/, 'must name a model')), fallback)
