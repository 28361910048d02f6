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
