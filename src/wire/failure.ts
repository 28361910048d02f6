import { storageUnavailable } from '../domain/health/storage'
import { AppError, appErrorIn, type FieldIssue } from '../errors'
import type { Logger } from '../lib/log'
import { oneShownLine } from '../lib/error-words'
import { capped } from './validation'

/**
 * What a caller of the API (REST or MCP) is told about a failure, and what the operator's log gets: our own errors as
 * they are; a database that cannot be written as 503 `storage_unavailable` (logged as a warning, its host kept out of
 * the answer); anything else as 500 `internal`, logged without a stack (docs/api.md#error-codes).
 */
export function callerFailure(
  error: unknown,
  log: Logger,
  where: Record<string, unknown>,
  unexpectedEvent = 'unhandled_error',
): AppError {
  const known = appErrorIn(error)
  // The database clients' own messages name the host: the log gets them, the caller the reason in a few words.
  const storage = storageUnavailable(error)
  if (storage) {
    log.warn('storage_unavailable', { ...where, reason: known?.message ?? storage.message })
    return storage
  }
  if (known) return known
  log.error(unexpectedEvent, { ...where, err: error })
  return new AppError('internal', 'internal error')
}

/**
 * A failure's message as a caller gets it: ours are a sentence or two (the longest, Reddit's access steps, about 450
 * characters); the bound keeps any that repeats what was sent from coming back at the length it was sent. One line
 * without control characters: a message may quote a platform (an error body), and a client prints it to a terminal.
 */
export const callerMessage = (failure: AppError) => capped(oneShownLine(failure.extra.toCaller ?? failure.message), 600)

/** The error body of versioned routes and MCP tool errors: `{error: {code, message, details?}}`. */
export function errorBody(failure: AppError): { error: { code: string; message: string; details?: FieldIssue[] } } {
  const body: { code: string; message: string; details?: FieldIssue[] } = {
    code: failure.kind,
    message: callerMessage(failure),
  }
  if (failure.extra.details) body.details = failure.extra.details
  return { error: body }
}
