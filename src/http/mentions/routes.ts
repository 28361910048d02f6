import { Elysia } from 'elysia'
import * as v from 'valibot'
import { SEARCH_PLATFORMS } from '../../config/platform-names'
import type { Deps } from '../../deps'
import { searchMentions } from '../../domain/search/search-mentions'
import { requireApiKey } from '../auth'
import { countedErrors, ErrorBody, trimmed, UsageCounters } from '../schemas'

const SearchBody = v.strictObject({
  keyword: trimmed(1, 200),
  platform: v.picklist(SEARCH_PLATFORMS),
  limit: v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be from 1 to 50'), v.maxValue(50, 'must be from 1 to 50')), 20),
})

const Mention = v.object({
  id: v.string(),
  author: v.string(),
  content: v.string(),
  url: v.string(),
  profileUrl: v.string(),
  date: v.string(),
  platform: v.string(),
  engagement: v.object({ likes: v.number(), comments: v.number(), shares: v.number() }),
})

const SearchResult = v.object({
  keyword: v.string(),
  platform: v.string(),
  count: v.number(),
  mentions: v.array(Mention),
  usage: UsageCounters,
})

export const mentionsRoutes = (deps: Deps) =>
  new Elysia({ prefix: '/api/v1', detail: { tags: ['mentions'] } })
    .use(requireApiKey(deps))
    .post('/mentions/search', ({ caller, body }) => searchMentions(deps, caller, body), {
      // Names the JSON parser so the docs list application/json; the auth plugin's own parser runs first and answers.
      parse: 'json',
      body: SearchBody,
      response: { 200: SearchResult, ...countedErrors, 502: ErrorBody, 503: ErrorBody, 504: ErrorBody },
      detail: {
        summary: 'Search one platform live by keyword',
        description: 'Raw mentions, newest first, content as the platform gave it. Counts 1 request when it succeeds.',
        security: [{ apiKey: [] }],
      },
    })
