import * as v from 'valibot'
import { AppError, type FieldIssue } from '../errors'

// How REST routes and MCP tools both refuse what a caller sent: one 400 `invalid_request` shape, one way of naming
// fields, and nothing of the caller's text echoed beyond a few dozen characters.

/** docs/api.md#error-shape: 400 `invalid_request` whose message names each field and whose `details` list them. */
export function invalidRequest(part: string, details: FieldIssue[]): AppError {
  const message = details.length
    ? `invalid ${part}: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`
    : `invalid ${part}`
  return new AppError('invalid_request', message, { details })
}

/**
 * Valibot issues as `{field, message}`, the field a dotted path (`limit`, `filters.platform`). Both are cut to a few
 * dozen characters: a field name is the caller's own text (an unknown key can be a megabyte long).
 */
export function fieldIssues(issues: v.BaseIssue<unknown>[], fallbackField: string): FieldIssue[] {
  return issues.map((issue) => ({
    field: capped(v.getDotPath(issue) ?? fallbackField, 60),
    message: capped(plain(issue), 200),
  }))
}

function plain(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === 'schema' && issue.input === undefined) return 'is required'
  if (issue.kind === 'schema' && issue.expected === 'never') return 'is not a known field'
  // Drop valibot's echo of the received value: it can be long, and the caller already has it.
  return (
    issue.message
      .replace(/^Invalid \w+: /, '')
      .replace(/,? ?(but r|R)eceived .*$/s, '')
      .trim() || 'is invalid'
  )
}

/** The schema's output for `value`, or our 400 `invalid_request` naming each field of `part` that is wrong. */
export function parsedOrRefused<S extends v.GenericSchema>(part: string, schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value)
  if (!result.success) throw invalidRequest(part, fieldIssues(result.issues, part))
  return result.output
}

/** No query parameters: an unknown one is a typo to report, not to ignore (README). */
export const NoParams = v.strictObject({})

/** `text` itself when short, else its start and an ellipsis: for anything that may hold what the caller sent. */
export const capped = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)
