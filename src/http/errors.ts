import { Elysia } from 'elysia'
import * as v from 'valibot'
import { AppError, type FieldIssue, statusOf } from '../domain/errors'
import type { Logger } from '../lib/log'

const LEGACY_PREFIX = '/api/routes/'

/**
 * Request ids, the body-size limit and the one mapping from any failure to the contract's error bodies
 * (contract §6): `{error: {code, message, details?}}`, or `{success: false, error}` on the earlier routes.
 */
export const errorHandling = (a: { log: Logger; maxBodyBytes: number }) =>
  new Elysia({ name: 'error-handling' })
    .onRequest(({ request, set }) => {
      set.headers['x-request-id'] = crypto.randomUUID()
      const length = Number(request.headers.get('content-length') ?? 0)
      if (length > a.maxBodyBytes) throw tooLarge(a.maxBodyBytes)
    })
    .onError({ as: 'global' }, ({ code, error, set, path, request }) => {
      const failure = clientWentAway(request, error)
        ? new AppError('invalid_request', 'the client closed the connection')
        : toAppError(code, error, a.log, { requestId: set.headers['x-request-id'], method: request.method, path })
      set.status = statusOf[failure.kind]
      if (failure.extra.retryAfterSec !== undefined) set.headers['retry-after'] = String(failure.extra.retryAfterSec)
      set.headers['content-type'] = 'application/json'
      if (path.startsWith(LEGACY_PREFIX)) return { success: false, error: failure.message }
      const body: { code: string; message: string; details?: FieldIssue[] } = { code: failure.kind, message: failure.message }
      if (failure.extra.details) body.details = failure.extra.details
      return { error: body }
    })

export const tooLarge = (max: number) => new AppError('payload_too_large', `the request body is larger than ${max} bytes`)

/**
 * A client that disconnects while its body is read makes the read fail with an AbortError; that is the client's
 * doing, not a server fault, so it is not logged as `unhandled_error` (the request log shows it as status 499) and
 * no one gets the answer. Any other error of an aborted request is still logged: it may be a real fault.
 */
const clientWentAway = (request: Request, error: unknown) =>
  request.signal.aborted && error instanceof DOMException && error.name === 'AbortError'

// AppError first: Elysia derives `code` from a property of the thrown error, so a domain error must not reach the switch.
function toAppError(code: unknown, error: unknown, log: Logger, where: Record<string, unknown>): AppError {
  if (error instanceof AppError) return error
  switch (code) {
    case 'VALIDATION': return validationError(error, log, where)
    case 'PARSE': return new AppError('invalid_request', 'the request body is not valid JSON')
    case 'NOT_FOUND': return new AppError('not_found', 'no such route')
    case 'INVALID_COOKIE_SIGNATURE': return new AppError('invalid_request', 'invalid cookie')
  }
  log.error('unhandled_error', { ...where, err: error })
  return new AppError('internal', 'internal error')
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

/** contract §6: 400 `invalid_request` whose message names each field and whose `details` list them. */
export function invalidRequest(part: string, details: FieldIssue[]): AppError {
  const message = details.length ? `invalid ${part}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}` : `invalid ${part}`
  return new AppError('invalid_request', message, { details })
}

/** Re-runs the schema to get each issue's dotted field (Elysia's own summary loses valibot paths). */
function issuesOf(schema: unknown, value: unknown, part: string): FieldIssue[] {
  if (!schema || typeof schema !== 'object' || !('~standard' in schema)) return []
  const result = v.safeParse(schema as v.GenericSchema, value)
  return result.success ? [] : fieldIssues(result.issues, part)
}

/** Valibot issues as `{field, message}`, the field a dotted path (`limit`, `filters.platform`). */
export function fieldIssues(issues: v.BaseIssue<unknown>[], fallbackField: string): FieldIssue[] {
  return issues.map((issue) => ({ field: v.getDotPath(issue) ?? fallbackField, message: plain(issue) }))
}

function plain(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && issue.input === undefined) return 'is required'
  if (issue.kind === 'schema' && issue.expected === 'never') return 'is not a known field'
  // Drop valibot's echo of the received value: it can be long, and the caller already has it.
  return issue.message.replace(/^Invalid \w+: /, '').replace(/,? ?(but r|R)eceived .*$/s, '').trim() || 'is invalid'
}
