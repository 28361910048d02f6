import { withHeaders } from '@elysiajs/openapi'
import * as v from 'valibot'
import { openApiSchema } from './openapi-schema'

/**
 * The response headers of the API (docs/api.md) as the OpenAPI document lists them, so that a client generated from
 * /swagger/json can read them: written only in descriptions, no generator saw them. Each is listed on the answers
 * that send it; `test/http/openapi-headers.test.ts` checks that they do.
 */
export const RESPONSE_HEADERS = {
  'x-request-id': v.pipe(
    v.string(),
    v.description("This request's id; a failure the server logs carries the same id."),
  ),
  'retry-after': v.pipe(
    v.number(),
    v.integer(),
    v.description(
      'Whole seconds to wait before asking again: until the quota month ends (429 quota_exceeded), or until calls ' +
        'still running that hold the last units must have ended (429 quota_exceeded, 195 s), until one of ' +
        "the team's open exports may have ended (429 too_many_exports), until a receiver may be sent another test " +
        'event or replay (429 too_many_sends), until the platform may be asked ' +
        'again (502 upstream_error after a rate limit, 503 platform_budget_exhausted), or until the scorer may answer ' +
        '(503 scorer_unavailable). Absent from the other errors of the same status.',
    ),
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
    v.description('The scorer that answered: the configured backend, or rules when it stood in for a model.'),
  ),
  'content-disposition': v.pipe(
    v.string(),
    v.description('attachment; filename="…-YYYY-MM-DD.csv" (or .jsonl), the day in UTC.'),
  ),
}
export type ResponseHeader = keyof typeof RESPONSE_HEADERS

/** Headers a route sends on some statuses beyond those every route sends (`retry-after` on 503, `x-scorer` on 200). */
export type RouteHeaders = Partial<Record<number, ResponseHeader[]>>

/** What every answer of `status` carries, whichever route gives it, and the route's own. */
function namesFor(status: number, route: RouteHeaders): ResponseHeader[] {
  const names: ResponseHeader[] = ['x-request-id', ...(route[status] ?? [])]
  if (status === 401 || status === 403) names.push('www-authenticate')
  if (status === 429) names.push('retry-after')
  return [...new Set(names)]
}

/** `schema` listing the headers of `status` for the OpenAPI document (the plugin reads them from `headers`). */
export function withResponseHeaders<S extends v.GenericSchema>(status: number, schema: S, route: RouteHeaders): S {
  return withHeaders(schema, Object.fromEntries(namesFor(status, route).map((n) => [n, RESPONSE_HEADERS[n]]))) as S
}

/** The same headers as OpenAPI header objects, for answers written out by hand (a file, a 204). */
export function headerObjects(status: number, route: RouteHeaders = {}) {
  return Object.fromEntries(namesFor(status, route).map((n) => [n, { schema: openApiSchema(RESPONSE_HEADERS[n]) }]))
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
        { description, headers: headerObjects(Number(status)), content: { 'application/json': { schema: json } } },
      ]
    }),
  )
