import type * as v from 'valibot'
import type { Config } from '../config/schema'
import type { ErrorCode } from '../errors'
import { NoParams, parsedOrRefused } from '../wire/validation'
import { type RouteHeaders, withResponseHeaders } from './response-headers'

/**
 * A route's body or query schema as Elysia should see it: valid input passes (transformed, as valibot outputs it),
 * and invalid input throws our 400 from inside the validation. Elysia's own validation error is never built: it
 * serialises the whole received value with every issue (pretty-printed unless NODE_ENV=production), which for a
 * 1 MB body of depth 60 cost over half a second and 400 MB, and answered differently in each mode.
 * The valibot structure is kept as is, so the OpenAPI document and the inferred types do not change.
 */
export function validated<S extends v.GenericSchema>(part: 'body' | 'query', schema: S): S {
  const standard: v.StandardProps<v.InferInput<S>, v.InferOutput<S>> = {
    ...schema['~standard'],
    validate: (value) => ({ value: parsedOrRefused(part, schema, value) }),
  }
  return { ...schema, '~standard': standard }
}

export const NoQuery = validated('query', NoParams)

/**
 * A route's response schemas (docs/performance.md#response-checks). They always document the route in the OpenAPI
 * document; with `server.check_responses` (the test suite turns it on) each answer is also checked against them, and
 * one that does not match is a 500. Off by default: for a page of 20 signals the check cost about a fifth of the
 * request's CPU, and the answers are built from typed code and the checked tests. `headers` names the headers the
 * route sends beyond those every route does (response-headers.ts), and `codes` the error codes of a status whose body
 * names none (the earlier routes'), which its Retry-After's words follow.
 */
export function answers<M extends Record<number, v.GenericSchema>>(
  config: Pick<Config, 'server'>,
  map: M,
  headers: RouteHeaders = {},
  codes: Partial<Record<number, ErrorCode[]>> = {},
): M {
  const out: Record<number, v.GenericSchema> = {}
  for (const [status, schema] of Object.entries(map)) {
    const checked = config.server.check_responses ? schema : unchecked(schema)
    out[Number(status)] = withResponseHeaders(Number(status), checked, headers, codes[Number(status)])
  }
  return out as M
}

/** `schema` for documentation only: a value is not checked against it (answers checked where they are written). */
export function unchecked<S extends v.GenericSchema>(schema: S): S {
  const standard: v.StandardProps<v.InferInput<S>, v.InferOutput<S>> = {
    ...schema['~standard'],
    validate: (value) => ({ value: value as v.InferOutput<S> }),
  }
  return { ...schema, '~standard': standard }
}
