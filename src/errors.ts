export type ErrorCode =
  | 'invalid_request' | 'missing_api_key' | 'invalid_api_key' | 'no_api_access' | 'platform_not_in_plan'
  | 'keyword_not_tracked' | 'not_found' | 'payload_too_large' | 'quota_exceeded'
  | 'upstream_error' | 'platform_not_configured' | 'scorer_unavailable' | 'storage_unavailable' | 'upstream_timeout'
  | 'internal'

export type FieldIssue = { field: string; message: string }

/**
 * The one error type below HTTP. The field is `kind`, not `code`: Elysia reads `code` off thrown errors and would
 * route an AppError into its own branches.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorCode,
    message: string,
    readonly extra: { details?: FieldIssue[]; retryAfterSec?: number } = {},
  ) {
    super(message)
  }
}

// docs/api.md#error-codes
export const statusOf: Record<ErrorCode, number> = {
  invalid_request: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  no_api_access: 403,
  platform_not_in_plan: 403,
  keyword_not_tracked: 403,
  not_found: 404,
  payload_too_large: 413,
  quota_exceeded: 429,
  upstream_error: 502,
  platform_not_configured: 503,
  scorer_unavailable: 503,
  // The database cannot be written (read-only, disk full, unreachable); nothing is charged.
  storage_unavailable: 503,
  upstream_timeout: 504,
  internal: 500,
}

/**
 * The AppError behind `error`, if any: the error itself or one of its causes. Query builders wrap what the database
 * client throws in an error of their own whose message holds the SQL and its parameters, so callers look through it.
 */
export function appErrorIn(error: unknown): AppError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof AppError) return e
  return undefined
}
