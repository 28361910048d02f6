import * as v from 'valibot'
import { jsonInt, queryInt, trimmed } from './common'
import { csvBom, filters, queryFilters, SignalArgs } from './signals'

/**
 * `GET /api/v1/people` (docs/people.md): a part of the name, and the signals filters (a person with at least one signal
 * that passes).
 */
const author = v.optional(
  v.pipe(
    trimmed(1, 100),
    v.description(
      'Only people whose name, or the name of an account linked to them, contains this text (ignoring the case of A-Z), 1 to 100 characters; found by any of their signals, those judged not relevant too.',
    ),
  ),
)

export const PeopleQuery = v.strictObject({
  author,
  ...queryFilters,
  limit: queryInt(1, 100, 20, 'People per page, 1 to 100 (default 20).'),
  offset: queryInt(0, Number.MAX_SAFE_INTEGER, 0, 'People to skip for paging, 0 or more (default 0).'),
  include: v.optional(
    v.pipe(v.picklist(['muted']), v.description('"muted": also the people the team muted, which the list leaves out.')),
  ),
})
export type PeopleQuery = v.InferOutput<typeof PeopleQuery>

/** docs/console.md#people: a person page's search for an account to link, by a part of its name. */
export const AccountsQuery = v.strictObject({ author })

/** The MCP tool list_people: the query's filters as JSON arguments (numbers as numbers). */
export const PeopleArgs = v.strictObject({
  author,
  keyword: filters.keyword,
  intent: filters.intent,
  platform: filters.platform,
  minScore: SignalArgs.entries.minScore,
  since: filters.since,
  limit: jsonInt(1, 100, 20, 'People per page, 1 to 100 (default 20).'),
  offset: jsonInt(0, Number.MAX_SAFE_INTEGER, 0, 'People to skip for paging, 0 or more (default 0).'),
  include: PeopleQuery.entries.include,
})

export const PeopleExportQuery = v.strictObject({
  format: v.optional(
    v.pipe(
      v.picklist(['csv', 'jsonl'], 'must be csv or jsonl'),
      v.description('csv (default): RFC 4180 with a header row. jsonl: one person per line.'),
    ),
    'csv',
  ),
  bom: csvBom,
})

// Try it out sends these examples; without them Swagger UI sent {"personId": "string"}. An id is the team's own, so
// the link example names no one (404) until one from GET /api/v1/people is put in its place.
export const LinkBody = v.pipe(
  v.strictObject({
    personId: v.pipe(
      v.string('must be a string'),
      v.minLength(1, 'must not be empty'),
      v.maxLength(100, 'too long'),
      v.description(
        "The other person's id (`per_` and 24 hex digits), as GET /api/v1/people lists it: they and the identities " +
          'linked to them become identities of this person.',
      ),
    ),
  }),
  v.metadata({ examples: [{ personId: 'per_0123456789abcdef01234567' }] }),
)
export const MuteBody = v.pipe(
  v.strictObject({
    muted: v.pipe(
      v.boolean('must be true or false'),
      v.description(
        "true: the person's new signals are stored dismissed, sent nowhere and left out of their heat; false undoes it.",
      ),
    ),
  }),
  v.metadata({ examples: [{ muted: true }] }),
)

/** docs/people.md#the-threshold: the heat at which a person turns hot and person.updated is sent. */
export const HeatThreshold = v.pipe(
  v.strictObject({
    heatThreshold: v.pipe(
      v.number('must be a whole number from 1 to 100'),
      v.integer('must be a whole number from 1 to 100'),
      v.minValue(1, 'must be a whole number from 1 to 100'),
      v.maxValue(100, 'must be a whole number from 1 to 100'),
      v.description('The heat (1 to 100) at which a person turns hot and person.updated is sent; 70 by default.'),
    ),
  }),
  // Swagger UI's Try it out sends this; without it, the minimum (1), which makes everyone hot. 70 is the default.
  v.metadata({ examples: [{ heatThreshold: 70 }] }),
)
