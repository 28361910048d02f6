import * as v from 'valibot'
import { SCORED_VARIANT_PLATFORMS, SEARCH_PLATFORMS } from '../config/platform-names'
import { Intent } from '../domain/scoring/guide'
import { queryText, UsageAfterCall } from './common'
import { Instant } from './instant'

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

const Mention = v.object({
  id: v.string(),
  author: v.string(),
  content: v.string(),
  url: v.string(),
  profileUrl: v.string(),
  date: Instant,
  platform: v.string(),
  engagement: v.object({ likes: v.number(), comments: v.number(), shares: v.number() }),
})
export const RawResult = v.object({
  keyword: v.string(),
  platform: v.string(),
  count: v.number(),
  mentions: v.array(Mention),
  usage: UsageAfterCall,
})

const ScoredItem = v.object({
  name: v.string(),
  channel: v.string(),
  intent: Intent,
  aiScore: v.number(),
  aiReason: v.string(),
  contentPreview: v.string(),
  postUrl: v.string(),
  link: v.string(),
  keyword: v.string(),
  publishedAt: Instant,
})
export const ScoredResult = v.object({ results: v.array(ScoredItem), total: v.number(), usage: UsageAfterCall })
