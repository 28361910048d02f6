import * as v from 'valibot'
import { SEARCH_PLATFORMS } from '../../config/platform-names'
import { instantIssue, isAhead, toUtcIso } from '../../lib/iso-time'
import { hiddenCharacter } from '../../query/spaces'
import { echoed, hidingRefusal } from '../../lib/text'
import { Intent, intentGiven } from '../../scorers/types'
import { POST_ID_CHARS, POST_URL_CHARS } from '../../platforms/common/web-urls'
import { AUTHOR_CHARS } from './limits'

const VERDICTS = ['relevant', 'not_relevant'] as const

const text = (max: number) =>
  v.pipe(v.string('must be a string'), v.maxLength(max, `must be at most ${max} characters`))

// A post's time is an instant: a date alone has no zone, so only a date-time with Z or an offset is taken.
const isoDateTime = v.pipe(
  v.string('must be a string'),
  v.check(
    (s) => instantIssue(s, false) === undefined,
    (issue) => instantIssue(issue.input, false) ?? '',
  ),
  v.transform((s) => toUtcIso(s) as string),
)

const httpUrl = v.pipe(
  text(POST_URL_CHARS),
  v.check((s) => {
    try {
      const url = new URL(s)
      return url.protocol === 'http:' || url.protocol === 'https:'
    } catch {
      return false
    }
  }, 'must be an http or https URL'),
)

/** A text with nothing but spaces in it, as `null`. */
const blankAsNone = (s: string | null) => (s?.trim() ? s : null)

const postId = v.pipe(text(POST_ID_CHARS), v.trim(), v.minLength(1, 'must not be empty'))

// A profile's name, which never holds a control or direction character (domain/icps/icps.ts refuses one): from a file
// made elsewhere it would reach the console, the webhooks' payloads and the e-mails as a name of the team's.
const profileName = v.pipe(
  text(100),
  v.check(
    (s) => hidingRefusal('', s) === undefined,
    (issue) => hidingRefusal("a profile's name", issue.input) ?? '',
  ),
)

/**
 * One line of a `signals import` file: a signal as an export writes it (docs/api.md#export); `postId` (or, without it,
 * `id`) names the post on its platform, and is optional.
 * Strict: an unknown field rejects the line, so a misspelt field does not silently drop data.
 */
export const ImportedSignal = v.strictObject(
  {
    id: v.optional(postId),
    postId: v.optional(postId),
    author: text(AUTHOR_CHARS),
    platform: v.picklist(SEARCH_PLATFORMS, `must be one of: ${SEARCH_PLATFORMS.join(', ')}`),
    intent: intentGiven(`must be one of: ${Intent.options.join(', ')}`),
    score: v.pipe(
      v.number('must be a number'),
      v.minValue(0, 'must be from 0 to 10'),
      v.maxValue(10, 'must be from 0 to 10'),
    ),
    reason: text(2000),
    // Empty or blank is no match (another tool or a spreadsheet writes "" for none): a profile's name is never empty.
    icpMatch: v.optional(v.pipe(v.nullable(profileName), v.transform(blankAsNone)), null),
    content: v.pipe(
      v.string('must be a string'),
      v.check((s) => s.trim() !== '', 'must not be empty'),
    ),
    // Empty or blank is absent: another tool or a spreadsheet writes "" for none, and a post is never without text.
    contentFull: v.optional(v.pipe(v.nullable(v.string('must be a string or null')), v.transform(blankAsNone)), null),
    url: httpUrl,
    keyword: v.pipe(
      v.string('must be a string'),
      v.trim(),
      v.minLength(1, 'must not be empty'),
      v.maxLength(200, 'must be at most 200 characters'),
      // As a tracked keyword (docs/queries.md#spaces): it is shown in quotes in the console and the messages.
      v.check(
        (s) => hiddenCharacter(s) === undefined,
        (issue) =>
          `must not hold a control or direction character (${hiddenCharacter(issue.input)?.code}), as a tracked keyword holds none`,
      ),
    ),
    publishedAt: isoDateTime,
    detectedAt: v.optional(isoDateTime),
    // An export's person id (docs/people.md): read and left; the importing team's people are its own. Given as null
    // (or blank, another tool's none), the post has no known author (docs/people.md#who-is-a-person); absent, its
    // author is a person, as in a file written before people or by another tool.
    personId: v.optional(v.pipe(v.nullable(text(100)), v.transform(blankAsNone))),
    // The team's verdict on the signal, as an export writes it (docs/operations.md#importing-signals); absent in
    // files exported before verdicts travelled, which import without one.
    verdict: v.optional(v.nullable(v.picklist(VERDICTS, 'must be "relevant", "not_relevant" or null')), null),
    verdictReason: v.optional(v.nullable(v.pipe(text(500), v.trim())), null),
    judgedAt: v.optional(v.nullable(isoDateTime), null),
    // Whether the signal was out of the list (docs/operations.md#importing-signals): a muted author's post, whose
    // verdict is null, stays out. Absent in files exported before it was added, which import as then.
    dismissed: v.optional(v.boolean('must be true or false'), false),
  },
  'must be a JSON object',
)
export type ImportedSignal = v.InferOutput<typeof ImportedSignal>

/** A verdict's reason or time without the verdict itself is a file edited by hand that lost something: said so. */
export function verdictIssue(s: ImportedSignal): string | undefined {
  if (s.verdict !== null) return undefined
  if (s.verdictReason !== null) return 'verdictReason: needs a verdict'
  if (s.judgedAt !== null) return 'judgedAt: needs a verdict'
  return undefined
}

// A file made by a clock or in a zone a little ahead is fine; more than a day is a wrong date (2062 for 2026).
const FUTURE_MARGIN_MS = 86_400_000

/**
 * A time more than a day after `now` (docs/operations.md#importing-signals): stored, a publishedAt would keep its
 * author "seen today" until then (docs/people.md#heat) and a detectedAt the signal new in the console.
 */
export function futureIssue(s: ImportedSignal, now: Date): string | undefined {
  for (const field of ['publishedAt', 'detectedAt', 'judgedAt'] as const) {
    const at = s[field]
    if (at && isAhead(at, now, FUTURE_MARGIN_MS))
      return `${field}: must not be more than a day in the future (${at}; a mistyped year?)`
  }
  return undefined
}

/** `field: message` for one issue, in words a person editing the file can act on. */
export function describeIssue(issue: v.BaseIssue<unknown>): string {
  const path = v.getDotPath(issue)
  if (path === null) return issue.message
  // An unknown field's name is the file's: shown as any echo is, so that its escape sequences do not reach a terminal
  // and a name of a megabyte is not printed (and held) whole for each line listed.
  const field = echoed(path)
  if (issue.kind === 'schema' && issue.expected === 'never') return `${field}: unknown field`
  if (issue.received === 'undefined') return `${field}: is required`
  return `${field}: ${issue.message}`
}
