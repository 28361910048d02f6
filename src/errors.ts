import { OWN_WORDS } from './lib/own-words'

export type ErrorCode =
  | 'invalid_request'
  | 'missing_api_key'
  | 'invalid_api_key'
  | 'invalid_token'
  | 'no_api_access'
  | 'platform_not_in_plan'
  | 'insufficient_scope'
  | 'keyword_not_tracked'
  | 'not_found'
  | 'payload_too_large'
  | 'quota_exceeded'
  | 'too_many_exports'
  | 'too_many_sends'
  | 'upstream_error'
  | 'platform_not_configured'
  | 'scorer_unavailable'
  | 'platform_budget_exhausted'
  | 'storage_unavailable'
  | 'upstream_timeout'
  | 'internal'
  // The console's own (docs/console.md#errors); the API never answers them.
  | 'not_signed_in'
  | 'invalid_credentials'
  | 'forbidden'
  | 'too_many_attempts'

export type FieldIssue = { field: string; message: string }

/**
 * The one error type below HTTP. The field is `kind`, not `code`: Elysia reads `code` off thrown errors and would
 * route an AppError into its own branches.
 */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorCode,
    message: string,
    readonly extra: {
      details?: FieldIssue[]
      retryAfterSec?: number
      /**
       * The wait upstream asked for, when it is longer than the one kept (retryAfterSec): a platform whose documented
       * window is short keeps a wait of days an hour at most (docs/streams.md#outages).
       */
      askedSec?: number
      /** For a caller when the message is for the operator (it names a host): a few words on why. */
      reason?: string
      /**
       * What a caller of the API or MCP is told, when it says more than the message, which health notes and the
       * operator's advice compare (a platform that could not be reached: platforms/unreachable-kind.ts).
       */
      toCaller?: string
      /**
       * The log event a connector already told this failure in, with more than its message says
       * (platform_login_limited): a polling pass does not log it again (docs/operations.md#logs).
       */
      loggedAs?: string
    } = {},
  ) {
    super(message)
  }
  // Its message is the reason in words, also when a query builder wraps it (lib/log.ts).
  readonly [OWN_WORDS] = true
}

/**
 * The one table of error codes (docs/api.md#error-codes): the HTTP status of each, and the exit status of a command
 * that fails with it (2: the command's input is wrong, 1: anything else). REST answers the status, MCP tool
 * errors carry the code in the same body, and the command line prints the message and exits with `exit`.
 */
export const ERRORS: Record<ErrorCode, { status: number; exit: 1 | 2 }> = {
  invalid_request: { status: 400, exit: 2 },
  missing_api_key: { status: 401, exit: 1 },
  invalid_api_key: { status: 401, exit: 1 },
  // An OAuth access token (Authorization: Bearer) not valid here, in RFC 6750's word (docs/api.md#authentication).
  invalid_token: { status: 401, exit: 1 },
  no_api_access: { status: 403, exit: 1 },
  insufficient_scope: { status: 403, exit: 1 },
  platform_not_in_plan: { status: 403, exit: 1 },
  keyword_not_tracked: { status: 403, exit: 1 },
  not_found: { status: 404, exit: 1 },
  payload_too_large: { status: 413, exit: 1 },
  quota_exceeded: { status: 429, exit: 1 },
  too_many_exports: { status: 429, exit: 1 },
  too_many_sends: { status: 429, exit: 1 },
  upstream_error: { status: 502, exit: 1 },
  platform_not_configured: { status: 503, exit: 1 },
  scorer_unavailable: { status: 503, exit: 1 },
  platform_budget_exhausted: { status: 503, exit: 1 },
  // The database cannot be written (read-only, disk full, unreachable); nothing is charged.
  storage_unavailable: { status: 503, exit: 1 },
  upstream_timeout: { status: 504, exit: 1 },
  internal: { status: 500, exit: 1 },
  not_signed_in: { status: 401, exit: 1 },
  invalid_credentials: { status: 401, exit: 1 },
  forbidden: { status: 403, exit: 1 },
  too_many_attempts: { status: 429, exit: 1 },
}

// The console's own codes (docs/console.md#errors): no route of the API answers them.
const CONSOLE_ONLY: ReadonlySet<ErrorCode> = new Set(['not_signed_in', 'invalid_credentials', 'too_many_attempts'])

/** The codes of the API's error bodies (docs/api.md#error-codes), as the OpenAPI document lists them. */
export const API_ERROR_CODES = (Object.keys(ERRORS) as ErrorCode[]).filter((c) => !CONSOLE_ONLY.has(c))

/** A 400 about one field, with the `details` a validation error carries (docs/api.md#error-shape). */
export const fieldError = (field: string, message: string, said = `${field} ${message}`) =>
  new AppError('invalid_request', said, { details: [{ field, message }] })

/**
 * A name (a profile's, a competitor's, a key's label) holding a control or direction character refused as about
 * `field` (docs/operations.md#teams-keys-keywords-and-profiles): `said` is the sentence, `issue` what details say.
 */
export function refuseHiding(field: string, what: string, issue: string | undefined) {
  if (issue) throw fieldError(field, issue, `${what} ${issue}`)
}

/**
 * The AppError behind `error`, if any: the error itself or one of its causes. Query builders wrap what the database
 * client throws in an error of their own whose message holds the SQL and its parameters, so callers look through it.
 */
export function appErrorIn(error: unknown): AppError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof AppError) return e
  return undefined
}
