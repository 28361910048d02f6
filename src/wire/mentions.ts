import * as v from 'valibot'
import { SCORED_VARIANT_PLATFORMS, SEARCH_PLATFORMS } from '../config/platform-names'
import { queryText, UsageAfterCall } from './common'
import { Instant } from './instant'
import { aboutPost, described, IntentAnswer } from './answer-fields-about'

// Said once for the OpenAPI document and the MCP tool `search_mentions`.
const keyword = v.pipe(
  queryText(),
  v.description(
    'What to search for, 1 to 200 characters (trimmed): a word, a phrase, or a query with "exact phrases", OR, ( ), -word, word*, and platform:, site:, author:, lang:, type:, title: filters (docs/queries.md).',
  ),
)
const limit = v.optional(
  v.pipe(
    v.number(),
    v.integer('must be an integer'),
    v.minValue(1, 'must be from 1 to 50'),
    v.maxValue(50, 'must be from 1 to 50'),
    v.description('The most mentions to return, 1 to 50 (default 20).'),
  ),
  20,
)

// Swagger UI's "Try it out" sends the example as is; without one it picked the first platform, X, which needs a
// token, so a fresh install answered 503. Hacker News needs no key (docs/platforms.md) and is on every plan but
// starter.
const SEARCH_EXAMPLE = { keyword: 'crm', platform: 'hackernews', limit: 5 }

/** The body of the raw variant (`api.search_variant = "raw"`, the default). */
export const RawSearchBody = v.pipe(
  v.strictObject({
    keyword,
    platform: v.pipe(
      v.picklist(SEARCH_PLATFORMS),
      v.description('The platform to search. It must be on your plan and configured on this server.'),
    ),
    limit,
  }),
  v.metadata({ examples: [SEARCH_EXAMPLE] }),
)

/** The body of the scored variant (`api.search_variant = "scored"`). */
export const ScoredSearchBody = v.pipe(
  v.strictObject({
    keyword,
    platform: v.optional(
      v.pipe(
        v.picklist(SCORED_VARIANT_PLATFORMS),
        v.description(
          'The platform to search. Leave it out to search every one of these that is on your plan and configured, merged by aiScore.',
        ),
      ),
    ),
    limit,
  }),
  v.metadata({ examples: [SEARCH_EXAMPLE] }),
)

// docs/queries.md#spaces: the query is sent spaced out, and answered as it was sent.
const SEARCHED = 'The keyword as searched: each run of spaces as one, none at either end.'

const AS_SENT =
  'The whole post exactly as the platform sent it: its HTML, entities and escapes as they came, a title and a body joined by a blank line (docs/platforms.md#as-sent). Data, not markup to render.'

/**
 * The raw search's answer, its post text described by `aboutContent`: the REST route answers the text whole (AS_SENT),
 * the MCP tool cut to its share of a budget (mcp/tools/mention-budget.ts), and each schema says which it holds.
 */
export const rawResultOf = (aboutContent: string) =>
  v.pipe(
    v.object({
      keyword: described(v.string(), SEARCHED),
      platform: described(v.string(), 'The platform searched.'),
      count: described(v.number(), 'How many mentions follow.'),
      mentions: described(
        v.array(
          v.object({
            id: described(v.string(), '`<platform>:<id on the platform>`.'),
            author: described(v.string(), aboutPost.author),
            content: described(v.string(), aboutContent),
            url: described(v.string(), aboutPost.url),
            profileUrl: described(v.string(), "The author's profile on the platform."),
            date: described(Instant, aboutPost.publishedAt),
            platform: described(v.string(), aboutPost.platform),
            engagement: described(
              v.object({
                likes: described(v.number(), 'Likes, upvotes or points.'),
                comments: described(v.number(), 'Comments or replies.'),
                shares: described(v.number(), 'Shares, reposts or boosts.'),
              }),
              'What the platform counts for the post; 0 where it has no such number.',
            ),
          }),
        ),
        'What the platform found that matches the whole query, newest first, at most limit; unscored.',
      ),
      usage: UsageAfterCall,
    }),
    v.description('The mentions the platform found; 1 request counted.'),
  )
export const RawResult = rawResultOf(AS_SENT)

const ScoredItem = v.object({
  name: described(v.string(), aboutPost.author),
  channel: described(v.string(), aboutPost.platform),
  intent: IntentAnswer,
  aiScore: described(v.number(), aboutPost.score),
  aiReason: described(v.string(), aboutPost.reason),
  contentPreview: described(v.string(), aboutPost.preview),
  postUrl: described(v.string(), aboutPost.url),
  link: described(v.string(), "The author's profile on the platform."),
  keyword: described(v.string(), SEARCHED),
  publishedAt: described(Instant, aboutPost.publishedAt),
})
export const ScoredResult = v.pipe(
  v.object({
    results: described(
      v.array(ScoredItem),
      'The mentions found, each scored, best aiScore first (newer on a tie), at most limit.',
    ),
    total: described(v.number(), 'How many results follow.'),
    usage: UsageAfterCall,
  }),
  v.description('The mentions found on the platform, or on each of the six searched, scored; 1 request counted.'),
)
