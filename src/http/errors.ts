import { Elysia } from 'elysia'
import * as v from 'valibot'
import { AppError, appErrorIn, type FieldIssue, statusOf } from '../errors'
import { tooLarge } from '../wire/body'
import { fieldIssues, invalidRequest } from '../wire/validation'
import type { Logger } from '../lib/log'
import { storageUnavailable } from '../domain/health/storage'

const LEGACY_PREFIX = '/api/routes/'

/**
 * Request ids, the body-size limit and the one mapping from any failure to the API's error bodies
 * (docs/api.md#error-shape): `{error: {code, message, details?}}`, or `{success: false, error}` on the earlier routes.
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

/**
 * A client that disconnects while its body is read makes the read fail with an AbortError; that is the client's
 * doing, not a server fault, so it is not logged as `unhandled_error` (the request log shows it as status 499) and
 * no one gets the answer. Any other error of an aborted request is still logged: it may be a real fault.
 */
const clientWentAway = (request: Request, error: unknown) =>
  request.signal.aborted && error instanceof DOMException && error.name === 'AbortError'

// AppError first: Elysia derives `code` from a property of the thrown error, so a domain error must not reach the switch.
// Also one the query builder wrapped (storage_unavailable from the database client).
function toAppError(code: unknown, error: unknown, log: Logger, where: Record<string, unknown>): AppError {
  const known = appErrorIn(error)
  // What the database client says names the server's host: the operator reads it in the log, the caller gets less.
  if (known?.kind === 'storage_unavailable') {
    log.warn('storage_unavailable', { ...where, reason: known.message })
    return new AppError('storage_unavailable', 'the database cannot be reached or written right now; nothing was charged')
  }
  if (known) return known
  switch (code) {
    case 'VALIDATION': return validationError(error, log, where)
    case 'PARSE': return new AppError('invalid_request', 'the request body is not valid JSON')
    case 'NOT_FOUND': return new AppError('not_found', 'no such route')
    case 'INVALID_COOKIE_SIGNATURE': return new AppError('invalid_request', 'invalid cookie')
  }
  // A database that refuses writes is the operator's to fix, not a bug in the service: 503, not 500.
  const storage = storageUnavailable(error)
  if (storage) {
    log.warn('storage_unavailable', { ...where, reason: storage.message })
    return storage
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

/** Re-runs the schema to get each issue's dotted field (Elysia's own summary loses valibot paths). */
function issuesOf(schema: unknown, value: unknown, part: string): FieldIssue[] {
  if (!schema || typeof schema !== 'object' || !('~standard' in schema)) return []
  const result = v.safeParse(schema as v.GenericSchema, value)
  return result.success ? [] : fieldIssues(result.issues, part)
}
