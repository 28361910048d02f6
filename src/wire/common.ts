import * as v from 'valibot'
import { API_ERROR_CODES, ERRORS, type ErrorCode } from '../errors'
import { describeQueryError } from '../query/ast'
import { parseQuery } from '../query/parse'
import { spaced } from '../query/spaces'

const FieldIssues = v.pipe(
  v.array(
    v.object({
      field: v.pipe(
        v.string(),
        v.description('The field, as a dotted path: `limit`, `intents.1` (the second item), `quietHours.from`.'),
      ),
      message: v.pipe(v.string(), v.description('Its first problem, for people.')),
    }),
  ),
  v.description('One entry per field that is wrong (its first problem), the field as a dotted path.'),
)
const errorBodies = new Map<string, v.GenericSchema>()

/**
 * The error body of `status`: its `code` is one of `codes`, by default every code of that status
 * (docs/api.md#error-codes), which the answer's description names, and only a 400 carries `details`. Swagger UI
 * shows the first code as the answer's example, so a list of every code showed `invalid_request` on a 401 or a 503.
 */
export function errorBody(
  status: number,
  codes: ErrorCode[] = API_ERROR_CODES.filter((code) => ERRORS[code].status === status),
): v.GenericSchema {
  const key = `${status} ${codes.join(' ')}`
  const known = errorBodies.get(key)
  if (known) return known
  const error = {
    code: v.pipe(
      v.picklist(codes),
      v.description('What went wrong, for a client to branch on (the table of docs/api.md#error-codes).'),
    ),
    message: v.pipe(v.string(), v.description('What went wrong and what to change, for people.')),
  }
  const fields = status === 400 ? v.object({ ...error, details: v.optional(FieldIssues) }) : v.object(error)
  const body = v.pipe(
    v.object({ error: v.pipe(fields, v.description('What failed: a code for programs and a message for people.')) }),
    v.description(`${codes.join(' or ')}: when each is answered, docs/api.md#error-codes.`),
  )
  errorBodies.set(key, body)
  return body
}

/**
 * The usage counters (docs/api.md#usage-counters) as they appear in search, score and signals responses, each
 * described so that Swagger UI and a generated client say what it counts; null limit and remaining mean unlimited.
 */
export const UsageCounters = v.object({
  used: v.pipe(v.number(), v.description('Requests counted this month (UTC), this call included.')),
  limit: v.pipe(v.nullable(v.number()), v.description("The plan's monthly requests; null when unlimited.")),
  remaining: v.pipe(
    v.nullable(v.number()),
    v.description('Requests left this month, then credits; null when unlimited.'),
  ),
})

/** The `usage` of a counted call's answer. */
export const UsageAfterCall = v.pipe(UsageCounters, v.description("The team's quota after this call."))

/** A page's figures (docs/api.md#signals): the next page is offset + limit, while that is below total. */
export const pageFigures = (items: string) => ({
  total: v.pipe(v.number(), v.description(`All the ${items} that pass the filters, on every page.`)),
  limit: v.pipe(v.number(), v.description(`The most ${items} on this page, as asked (default 20).`)),
  offset: v.pipe(
    v.number(),
    v.description(`The ${items} skipped before this page; ask for offset + limit next, while it is below total.`),
  ),
})

/**
 * The error statuses every route behind a key or token can answer (docs/api.md#order-of-checks): a query parameter
 * (400), the credential (401), the plan or scope (403), an announced body over the limit (413, on every method), a
 * failure of the server (500) and a database that cannot be reached or written (503 storage_unavailable, even while
 * the key is looked up). Used in each route's `response`, so the OpenAPI document lists them.
 */
export const keyedErrors = {
  400: errorBody(400),
  401: errorBody(401),
  403: errorBody(403, ['no_api_access', 'insufficient_scope']),
  413: errorBody(413),
  500: errorBody(500),
  503: errorBody(503, ['storage_unavailable']),
} as const

/** A counted route's errors: those of every keyed route and 429 `quota_exceeded`, which only counted routes answer. */
export const countedErrors = { ...keyedErrors, 429: errorBody(429, ['quota_exceeded']) } as const

/** Query strings arrive as text: coerce inside the schema so the docs say integer and the handler gets a number. */
export const queryInt = (min: number, max: number, fallback: number, about: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^-?\d+$/, 'must be an integer'),
      v.toNumber(),
      // Never fails after the pattern; it tells the OpenAPI document the number is an integer.
      v.integer('must be an integer'),
      v.minValue(min),
      v.maxValue(max),
      v.description(about),
    ),
    String(fallback),
  )

/** The same whole number arriving as JSON (MCP tool arguments): same limits, same messages as `queryInt`. */
export const jsonInt = (min: number, max: number, fallback: number, about: string) =>
  v.optional(
    v.pipe(v.number(), v.integer('must be an integer'), v.minValue(min), v.maxValue(max), v.description(about)),
    fallback,
  )

/**
 * A string that is trimmed, then `min` to `max` characters long. The OpenAPI document cannot trim, so its length
 * bounds apply to the text as sent: `maxLength` is then stricter than the server (safe), but `minLength` let ten
 * spaces through as a lead's content. The pattern says what the minimum (at least 1 at every use) means after
 * trimming: a non-blank character with another `min - 1` or more further on (just one, for a minimum of 1). `\s` is
 * exactly what `trim()` removes, so on the trimmed text the pattern agrees with the length check, whose message is the
 * one given (the first issue of a field).
 */
export const trimmed = (min: number, max: number) => {
  const tooShort = min === 1 ? 'must not be empty' : `must be at least ${min} characters`
  return v.pipe(
    v.string(),
    v.trim(),
    v.minLength(min, tooShort),
    v.maxLength(max, `must be at most ${max} characters`),
    v.regex(min <= 1 ? /\S/ : new RegExp(`\\S[\\s\\S]{${min - 2},}\\S`), tooShort),
  )
}

/**
 * A keyword query (docs/queries.md), 1 to 200 characters spaced out (docs/queries.md#spaces): one that does not
 * parse is refused with the position in the text as sent (leading spaces counted) and what was expected there.
 */
export const queryText = () =>
  v.pipe(
    v.string(),
    v.rawCheck(({ dataset, addIssue }) => {
      // An empty or too long query is said once, by the length checks.
      if (!dataset.typed || dataset.value.trim() === '' || dataset.value.trim().length > 200) return
      const parsed = parseQuery(dataset.value)
      if (!parsed.ok) addIssue({ message: describeQueryError(parsed.error) })
    }),
    trimmed(1, 200),
    v.transform(spaced),
  )

/** The codes an error body built by `errorBody` may carry; none for another body (the earlier routes'). */
export function codesOf(schema: v.GenericSchema): ErrorCode[] {
  type Node = { entries?: Record<string, Node>; options?: ErrorCode[] }
  return (schema as Node).entries?.error?.entries?.code?.options ?? []
}
