import * as v from 'valibot'
import { AppError, type FieldIssue } from '../errors'
import { fieldWords, ownWords } from '../lib/issue-words'
import { echoed, truncate } from '../lib/text'

// How REST routes and MCP tools both refuse what a caller sent: one 400 `invalid_request` shape, one way of naming
// fields, and nothing of the caller's text echoed beyond a few dozen characters.

/**
 * docs/api.md#error-shape: 400 `invalid_request` whose message names each field in words and says what is wrong,
 * and whose `details` keep each field's dotted path for programs.
 */
export function invalidRequest(part: string, details: FieldIssue[]): AppError {
  const message = details.length
    ? details.map((d) => `${fieldWords(d.field, part)} ${d.message}`).join('; ')
    : `the ${part === 'body' ? 'request body' : part} is not valid`
  return new AppError('invalid_request', message, { details })
}

/**
 * Valibot issues as `{field, message}`, the field a dotted path (`limit`, `filters.platform`). The field is cut to a
 * few dozen characters, as it is the caller's own text (an unknown key can be a megabyte long), and so is a message
 * a schema wrote, which may quote it; the words of lib/issue-words.ts are ours and kept whole (a list of allowed
 * values).
 */
export function fieldIssues(issues: v.BaseIssue<unknown>[], fallbackField: string): FieldIssue[] {
  const said = new Set<string>()
  return (
    issues
      .map((issue) => ({
        field: echoed(v.getDotPath(issue) ?? fallbackField),
        // A query parameter given twice (`?limit=1&limit=2`) reaches the schema as a list.
        message:
          fallbackField === 'query' && issue.kind === 'schema' && Array.isArray(issue.input)
            ? 'must be given once'
            : (ownWords(issue) ?? capped(issue.message.trim() || 'is not valid', 200)),
      }))
      // One issue a field, the first: the checks after it fail because of it (an empty time zone is also no zone).
      .filter((d) => !said.has(d.field) && said.add(d.field) !== undefined)
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
export const capped = (text: string, max: number) => (text.length <= max ? text : `${truncate(text, max - 1)}…`)
