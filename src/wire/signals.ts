import * as v from 'valibot'
import { SEARCH_PLATFORMS } from '../config/platform-names'
import { instantIssue, ISO_INSTANT, toUtcIso } from '../lib/iso-time'
import { intentGiven } from '../domain/scoring/guide'
import { jsonInt, pageFigures, queryInt, trimmed, UsageAfterCall } from './common'
import { Instant } from './instant'
import { aboutPost, described, IntentAnswer } from './answer-fields-about'

// What each filter means, said once for the OpenAPI document and the MCP tool `list_signals`.
const about = {
  keyword:
    'Only signals found for this tracked keyword, in any case but that of OR, AND and NOT, runs of spaces as one; ' +
    '1 to 200 characters.',
  intent:
    'Only signals of this intent: ACTIVE (wants to buy now), COMPETITOR (uses, leaves or compares a rival product), ' +
    'PAIN (has a problem the team solves), QUESTION (asks how or which), MENTION (anything else on topic).',
  platform: 'Only signals from this platform.',
  minScore: 'Only signals scoring at least this, 0 to 10 (default 0). 7 and above is clear buying or switching intent.',
  since:
    'Only signals published at or after this instant: an ISO 8601 date (2026-11-01, meaning 00:00 UTC) ' +
    'or a date-time with a time zone (2026-11-01T09:30:00Z, or with a space for the T: 2026-11-01 09:30:00Z).',
  limit: 'Signals per page, 1 to 100 (default 20).',
  offset: 'Signals to skip for paging, 0 or more (default 0); the order is stable across pages.',
  include:
    '"dismissed": also the signals the team judged not relevant, and those stored while their author was muted ' +
    '(verdict null), which the default list leaves out (they are never deleted); each says dismissed: true.',
  content:
    '"preview" (default): content is at most 300 characters. "full": each signal also carries contentFull, ' +
    'up to 4,000 characters (null where the full text was not kept).',
}
const SCORE_RANGE = 'must be a number from 0 to 10'
// A zone offset's + reads as a space in a query string (docs/api.md#signals): such a value did give a zone, so the
// answer says what happened to it rather than asking for one.
const PLUS_AS_SPACE = /^\d{4}-\d{2}-\d{2}[Tt ][\d:.]+ \d{2}:?\d{2}$/
const sinceIssue = (issue: { input: unknown }) =>
  typeof issue.input === 'string' && PLUS_AS_SPACE.test(issue.input)
    ? 'must be an ISO 8601 date or date-time with a time zone: its + arrived as a space, as a + in a query string does; write it %2B (T09:30:00%2B02:00)'
    : (instantIssue(String(issue.input), true) ?? '')

/** An instant in a query string, as the list's `since` takes it, refused in its words; the UTC ISO form out. */
export const instantText = () =>
  v.pipe(
    v.string(),
    // The pattern is what the OpenAPI document can say; the check adds that the date exists (no 2026-02-31).
    v.regex(ISO_INSTANT, sinceIssue),
    v.check((s) => toUtcIso(s) !== undefined, sinceIssue),
    v.transform((s) => toUtcIso(s) as string),
  )

// The fields that read the same from a query string and from JSON.
export const filters = {
  keyword: v.optional(v.pipe(trimmed(1, 200), v.description(about.keyword))),
  intent: v.optional(v.pipe(intentGiven(), v.description(about.intent))),
  platform: v.optional(v.pipe(v.picklist(SEARCH_PLATFORMS), v.description(about.platform))),
  since: v.optional(v.pipe(instantText(), v.description(about.since))),
  include: v.optional(v.pipe(v.picklist(['dismissed']), v.description(about.include))),
  content: v.optional(v.pipe(v.picklist(['preview', 'full']), v.description(about.content)), 'preview'),
}

// A minimum score as query text, coerced to a number.
const queryMinScore = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d+(\.\d+)?$/, SCORE_RANGE),
    v.toNumber(),
    // The pattern already refuses a sign; the bound is written out for the OpenAPI document.
    v.minValue(0, SCORE_RANGE),
    v.maxValue(10, SCORE_RANGE),
    v.description(about.minScore),
  ),
  '0',
)

// The filters of a list read from a query string: the signals, their export and the people.
export const queryFilters = {
  keyword: filters.keyword,
  intent: filters.intent,
  platform: filters.platform,
  minScore: queryMinScore,
  since: filters.since,
}

/** `GET /api/v1/signals`: numbers arrive as text and are coerced. */
export const SignalQuery = v.strictObject({
  ...queryFilters,
  limit: queryInt(1, 100, 20, about.limit),
  offset: queryInt(0, Number.MAX_SAFE_INTEGER, 0, about.offset),
  include: filters.include,
  content: filters.content,
})
export type SignalQuery = v.InferOutput<typeof SignalQuery>

/**
 * docs/api.md#export: the opt-in for a CSV meant for Excel, which reads a UTF-8 file without a byte order mark, opened
 * by a double-click, in the system's code page. The same for the signals and the people export.
 */
export const csvBom = v.optional(
  v.pipe(
    v.picklist(['true', 'false'], 'must be true or false'),
    v.description(
      'true: the CSV starts with a UTF-8 byte order mark, so that Excel opened by a double-click reads its accents and emoji as UTF-8. false (default): no mark (RFC 4180). JSON Lines never has one.',
    ),
  ),
  'false',
)

/**
 * `GET /api/v1/signals/export` (docs/api.md#export): the list's filters and a format. No limit, offset or content:
 * an export is every matching signal with its full text, so those are refused as unknown parameters.
 */
export const SignalExportQuery = v.strictObject({
  format: v.optional(
    v.pipe(
      v.picklist(['csv', 'jsonl'], 'must be csv or jsonl'),
      v.description(
        'csv (default): RFC 4180 with a header row. jsonl: one signal per line, as `signals import` reads it.',
      ),
    ),
    'csv',
  ),
  ...queryFilters,
  include: filters.include,
  bom: csvBom,
})
export type SignalExportQuery = v.InferOutput<typeof SignalExportQuery>

/** The same filters and paging as JSON values (the MCP tool `list_signals`): same limits, same messages. */
export const SignalArgs = v.strictObject({
  keyword: filters.keyword,
  intent: filters.intent,
  platform: filters.platform,
  minScore: v.optional(
    v.pipe(v.number(), v.minValue(0, SCORE_RANGE), v.maxValue(10, SCORE_RANGE), v.description(about.minScore)),
    0,
  ),
  since: filters.since,
  limit: jsonInt(1, 100, 20, about.limit),
  offset: jsonInt(0, Number.MAX_SAFE_INTEGER, 0, about.offset),
  include: filters.include,
  content: filters.content,
})

export const Signal = v.object({
  id: described(v.string(), "The signal's id: the {id} of its feedback route."),
  author: described(v.string(), aboutPost.author),
  platform: described(v.string(), aboutPost.platform),
  intent: IntentAnswer,
  score: described(v.number(), aboutPost.score),
  reason: described(v.string(), aboutPost.reason),
  icpMatch: described(v.nullable(v.string()), aboutPost.icpMatch),
  content: described(v.string(), "A preview: the post's first 300 characters (content=full adds contentFull)."),
  contentFull: v.optional(
    described(
      v.nullable(v.string()),
      "Only with content=full: the post's first 4,000 characters, or null where the full text was not kept.",
    ),
  ),
  url: described(v.string(), aboutPost.url),
  keyword: described(v.string(), aboutPost.keyword),
  publishedAt: described(Instant, aboutPost.publishedAt),
  detectedAt: described(
    Instant,
    "When this server stored it (an imported signal: the file's detectedAt, else the time of the import).",
  ),
  verdict: v.pipe(
    v.nullable(v.picklist(['relevant', 'not_relevant'])),
    v.description("The team's verdict on the signal (POST /api/v1/signals/{id}/feedback), or null."),
  ),
  dismissed: described(
    v.boolean(),
    'Whether it is dismissed: judged not relevant, or stored while its author was muted (its verdict then null). ' +
      'Only include=dismissed lists such signals.',
  ),
  personId: v.pipe(
    v.nullable(v.string()),
    v.description(
      'The person who wrote it (GET /api/v1/people); null when the platform named no author (`author` is then a stand-in such as unknown).',
    ),
  ),
})

export const SignalPage = v.pipe(
  v.object({
    signals: described(v.array(Signal), 'This page of signals, best first.'),
    ...pageFigures('signals'),
    usage: UsageAfterCall,
  }),
  v.description("A page of the team's signals that pass the filters; 1 request counted."),
)
