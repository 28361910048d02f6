import { Elysia } from 'elysia'
import * as v from 'valibot'
import { AppError, appErrorIn, ERRORS, type FieldIssue } from '../errors'
import { bodyRefused, tooLarge } from '../wire/body'
import { callerFailure, callerMessage, errorBody } from '../wire/failure'
import { fieldIssues, invalidRequest } from '../wire/validation'
import type { Logger } from '../lib/log'
import type { Config } from '../config/schema'
import { publicBase } from '../domain/oauth/resources'
import { bearerChallenge } from './bearer-challenge'

const EARLIER_PREFIX = '/api/routes/'

/**
 * Request ids, the body-size limit and the one mapping from any failure to the API's error bodies
 * (docs/api.md#error-shape): `{error: {code, message, details?}}`, or `{success: false, error}` on the earlier routes.
 */
export const errorHandling = (a: {
  log: Logger
  maxBodyBytes: number
  config: Pick<Config, 'server'>
  /**
   * Another answer than the API's JSON body, where the request needs one: a page for a request a person's browser
   * navigated to (console/export-refusal.ts), OAuth's own shape at its endpoints (oauth/answers.ts).
   */
  answerFor?: (request: Request, path: string, failure: AppError) => Response | undefined
  /** Headers a route's errors carry even when raised before it runs (the /mcp CORS headers, mcp/origin.ts). */
  headersFor?: (request: Request, path: string, listeningPort?: number) => Record<string, string> | undefined
}) =>
  new Elysia({ name: 'error-handling' })
    .onRequest(({ request, set }) => {
      set.headers['x-request-id'] = crypto.randomUUID()
      // docs/security.md#pages: JSON answers are never read as another type (a script or a page) either.
      set.headers['x-content-type-options'] = 'nosniff'
      const length = Number(request.headers.get('content-length') ?? 0)
      if (length > a.maxBodyBytes) throw tooLarge(a.maxBodyBytes)
      // Two Host lines reach us joined ("a, b"), the URL built from the first: a proxy in front may have gone by the
      // other, and the OAuth issuer and token binding come from this name (RFC 9112 §3.2, docs/security.md#requests).
      if (severalHosts(request.headers.get('host')))
        throw new AppError('invalid_request', 'send one Host header, with one name: this request has several')
      if (brokenPathEncoding(request.url))
        throw new AppError(
          'invalid_request',
          'the path holds a % that is not followed by two hex digits of UTF-8 (write % as %25)',
        )
    })
    .onError({ as: 'global' }, ({ code, error, set, path, request, server }) => {
      const failure = clientWentAway(request, error)
        ? new AppError('invalid_request', 'the client closed the connection')
        : toAppError(code, error, a.log, { requestId: set.headers['x-request-id'], method: request.method, path })
      set.status = ERRORS[failure.kind].status
      if (failure.extra.retryAfterSec !== undefined) set.headers['retry-after'] = String(failure.extra.retryAfterSec)
      Object.assign(set.headers, a.headersFor?.(request, path, server?.port))
      const challenge = bearerChallenge(failure, path, publicBase(a.config, request.url))
      if (challenge) set.headers['www-authenticate'] = challenge
      const answer = a.answerFor?.(request, path, failure)
      if (answer) return answer
      set.headers['content-type'] = 'application/json'
      if (path.startsWith(EARLIER_PREFIX)) return { success: false, error: callerMessage(failure) }
      return errorBody(failure)
    })

/**
 * A Host value that names more than one host: a comma, which no name or port holds, outside a bracketed IP literal
 * (an IPvFuture literal, `[v1.a,b]`, may hold one).
 */
const severalHosts = (host: string | null) => host?.includes(',') === true && !/^\[[^\]]*\](?::\d*)?$/.test(host)

/**
 * A path whose percent-encoding is broken (`/api/v1/people/%`, `…/%E0%A4%A`): the router hands such a parameter to
 * the route as null, which every route took for a string (a 500 logged as a fault). It is the caller's malformed
 * request. Only a URL holding a % is looked at; a query string is read leniently, as before.
 */
function brokenPathEncoding(url: string): boolean {
  if (!url.includes('%')) return false
  const start = url.indexOf('/', url.indexOf('//') + 2)
  const end = url.indexOf('?', start)
  try {
    decodeURIComponent(end < 0 ? url.slice(start) : url.slice(start, end))
    return false
  } catch {
    return true
  }
}

/**
 * A client that disconnects while its body is read makes the read fail with an AbortError; that is the client's
 * doing, not a server fault, so it is not logged as `unhandled_error` (the request log shows it as status 499) and
 * no one gets the answer. Any other error of an aborted request is still logged: it may be a real fault.
 */
const clientWentAway = (request: Request, error: unknown) =>
  request.signal.aborted && error instanceof DOMException && error.name === 'AbortError'

// Elysia's own failures first (it derives `code` from a property of the thrown error, so an AppError never reaches
// the switch: callerFailure sees it first); everything else is mapped as for MCP (wire/failure.ts).
function toAppError(code: unknown, error: unknown, log: Logger, where: Record<string, unknown>): AppError {
  if (!appErrorIn(error)) {
    switch (code) {
      case 'VALIDATION':
        return validationError(error, log, where)
      case 'PARSE':
        return bodyRefused('is not valid JSON')
      case 'NOT_FOUND':
        return new AppError('not_found', 'no such route')
      case 'INVALID_COOKIE_SIGNATURE':
        return new AppError('invalid_request', 'invalid cookie')
    }
  }
  return callerFailure(error, log, where)
}

type ValidationLike = { type?: string; value?: unknown; validator?: { schema?: unknown } }

function validationError(error: unknown, log: Logger, where: Record<string, unknown>): AppError {
  const e = error as ValidationLike
  // A response that fails its own schema is our bug, not the caller's.
  if (e.type === 'response') {
    log.error('response_schema_mismatch', where)
    return new AppError('internal', 'internal error')
  }
  const part = e.type === 'query' ? 'query' : 'body'
  return invalidRequest(part, issuesOf(e.validator?.schema, e.value, part))
}

/** Re-runs the schema to get each issue's dotted field (Elysia's own summary loses valibot paths). */
function issuesOf(schema: unknown, value: unknown, part: string): FieldIssue[] {
  if (!schema || typeof schema !== 'object' || !('~standard' in schema)) return []
  const result = v.safeParse(schema as v.GenericSchema, value)
  return result.success ? [] : fieldIssues(result.issues, part)
}
