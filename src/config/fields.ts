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
/**
 * A model server's address, after which the scorer writes its API's paths ({base_url}/models, {host}/api/chat): a query
 * or fragment in it would end up in front of them (…/v1?x=1/models reaches the server as /v1), and the check then
 * blamed the host and port (docs/scoring.md#backends). `key`: where a key goes instead. The message does not repeat
 * the query, which may hold a key.
 */
export const modelServerUrl = (key: string) =>
  v.pipe(
    httpUrl,
    v.check(
      (address) => !/[?#]/.test(address),
      `must be the server's address with no query or #fragment: the scorer calls its API's paths after it, which a query would end up inside; a key goes in ${key}`,
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
