import { withHeaders } from '@elysiajs/openapi'
import * as v from 'valibot'
import { API_ERROR_CODES, ERRORS, type ErrorCode } from '../errors'
import { codesOf } from '../wire/common'
import { openApiSchema } from './openapi-schema'
import { retryAfterHeader, sendsRetryAfter } from './retry-after-words'

/**
 * The response headers of the API (docs/api.md) as the OpenAPI document lists them, so that a client generated from
 * /swagger/json can read them: written only in descriptions, no generator saw them. Each is listed on the answers
 * that send it; `test/http/openapi-headers.test.ts` checks that they do.
 */
const RESPONSE_HEADERS = {
  'x-request-id': v.pipe(
    v.string(),
    v.description("This request's id; a failure the server logs carries the same id."),
  ),
  'www-authenticate': v.pipe(
    v.string(),
    v.description(
      'Bearer challenge naming the protected resource metadata, with error="invalid_token" or ' +
        'error="insufficient_scope" where that is the reason; on every 401, and on a 403 insufficient_scope.',
    ),
  ),
  'x-scorer': v.pipe(
    v.string(),
    v.description(
      'The scorer that answered: the configured backend, or `rules` (the embedded scorer) when it stood in for a model.',
    ),
  ),
  'content-disposition': v.pipe(
    v.string(),
    v.description('attachment; filename="…-YYYY-MM-DD.csv" (or .jsonl), the day in UTC.'),
  ),
}
/** Retry-After besides, whose words are those of the answer's codes (retry-after-words.ts). */
type ResponseHeader = keyof typeof RESPONSE_HEADERS | 'retry-after'

/** Headers a route sends on some statuses beyond those every route sends (`retry-after` on 503, `x-scorer` on 200). */
export type RouteHeaders = Partial<Record<number, ResponseHeader[]>>

/**
 * The error codes an answer of `status` may carry: those its body names (wire/common.ts errorBody), else `given`
 * (the earlier routes' bodies name none), else every code of that status.
 */
const answerCodes = (status: number, schema: v.GenericSchema | undefined, given?: ErrorCode[]): ErrorCode[] => {
  const named = schema ? codesOf(schema) : []
  if (named.length) return named
  return given ?? API_ERROR_CODES.filter((code) => ERRORS[code].status === status)
}

/**
 * What every answer of `status` carries, whichever route gives it, and the route's own, each with its schema:
 * Retry-After's words are those of the answer's `codes`, and it is left out where none of them sends it.
 */
function headersFor(status: number, route: RouteHeaders, codes: ErrorCode[]): [ResponseHeader, v.GenericSchema][] {
  const names: ResponseHeader[] = ['x-request-id', ...(route[status] ?? [])]
  if (status === 401 || status === 403) names.push('www-authenticate')
  if (status === 429) names.push('retry-after')
  return [...new Set(names)].flatMap((n): [ResponseHeader, v.GenericSchema][] => {
    if (n !== 'retry-after') return [[n, RESPONSE_HEADERS[n]]]
    return sendsRetryAfter(codes) ? [[n, retryAfterHeader(codes)]] : []
  })
}

/**
 * `schema` listing the headers of `status` for the OpenAPI document (the plugin reads them from `headers`); `codes`,
 * what an answer whose body names no code may be.
 */
export function withResponseHeaders<S extends v.GenericSchema>(
  status: number,
  schema: S,
  route: RouteHeaders,
  codes?: ErrorCode[],
): S {
  return withHeaders(schema, Object.fromEntries(headersFor(status, route, answerCodes(status, schema, codes)))) as S
}

/** The same headers as OpenAPI header objects, for answers written out by hand (a file, a 204). */
export function headerObjects(status: number, route: RouteHeaders = {}, schema?: v.GenericSchema) {
  return Object.fromEntries(
    headersFor(status, route, answerCodes(status, schema)).map(([n, s]) => [n, { schema: openApiSchema(s) }]),
  )
}

/**
 * Error answers written out for a route's `detail.responses`: a route whose success has no body (204) cannot list it
 * among its `response` schemas, and those schemas, when given, replace `detail.responses` entirely.
 */
export const documentedErrors = (errors: Record<number, v.GenericSchema>) =>
  Object.fromEntries(
    Object.entries(errors).map(([status, schema]) => {
      const { description = `Error ${status}`, ...json } = openApiSchema(schema) as { description?: string }
      return [
        status,
        {
          description,
          headers: headerObjects(Number(status), {}, schema),
          content: { 'application/json': { schema: json } },
        },
      ]
    }),
  )
