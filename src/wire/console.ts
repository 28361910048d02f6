import * as v from 'valibot'
import { queryText, trimmed } from './common'
import { instantText } from './signals'

// Request bodies of the console's own JSON routes (docs/console.md#routes). Limits match the CLI's.
export const SignInBody = v.strictObject({
  email: v.pipe(v.string(), v.maxLength(320, 'must be at most 320 characters')),
  password: v.pipe(v.string(), v.maxLength(256, 'must be at most 256 characters')),
})

export const KeywordBody = v.strictObject({ keyword: queryText() })
export const QueryPreviewBody = v.strictObject({ query: queryText() })

const competitors = v.optional(v.pipe(v.array(trimmed(1, 100)), v.maxLength(50, 'must list at most 50 names')), [])
export const IcpBody = v.strictObject({
  name: trimmed(1, 100),
  description: trimmed(1, 2000),
  competitors,
})
export const IcpEditBody = v.strictObject({ description: trimmed(1, 2000), competitors })

export const KeyBody = v.strictObject({ label: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), '') })

/** `GET /console/api/new-signals?after=…`: an instant with a time zone, as the list's `since` takes it. */
export const NewSignalsQuery = v.strictObject({ after: instantText() })

/**
 * `POST /console/api/signals/{id}/feedback/undo`: the `before` of the verdict's answer (docs/console.md#verdicts),
 * sent back as it came, with the answer's judgedAt as `undoes`: no verdict has no reason nor time, and a signal judged
 * not relevant is dismissed.
 */
export const UndoBody = v.pipe(
  v.strictObject({
    verdict: v.nullable(v.picklist(['relevant', 'not_relevant'], 'must be "relevant", "not_relevant" or null')),
    reason: v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(500, 'must be at most 500 characters'))),
    judgedAt: v.nullable(v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time'))),
    dismissed: v.boolean('must be true or false'),
    // The judgedAt of the verdict this takes back: one judged again since is not undone.
    undoes: v.pipe(v.string(), v.isoTimestamp('must be an ISO 8601 time')),
  }),
  v.forward(
    v.check(
      (b) => (b.verdict === null) === (b.judgedAt === null),
      'must be null when verdict is null, and a time otherwise',
    ),
    ['judgedAt'],
  ),
  v.forward(
    v.check((b) => b.verdict !== null || b.reason === null, 'must be null when verdict is null'),
    ['reason'],
  ),
  v.forward(
    v.check((b) => b.verdict !== 'not_relevant' || b.dismissed, 'must be true when verdict is "not_relevant"'),
    ['dismissed'],
  ),
)
export type UndoBody = v.InferOutput<typeof UndoBody>
