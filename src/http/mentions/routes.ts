import { Elysia } from 'elysia'
import * as v from 'valibot'
import { SCORED_VARIANT_PLATFORMS, SEARCH_PLATFORMS } from '../../config/platform-names'
import type { Deps } from '../../deps'
import { searchMentions } from '../../domain/search/search-mentions'
import { searchScored } from '../../domain/search/search-scored'
import { Intent } from '../../scorers/types'
import { requireApiKey } from '../auth'
import { countedErrors, ErrorBody, trimmed, UsageCounters } from '../schemas'

const limit = v.optional(v.pipe(v.number(), v.integer('must be an integer'), v.minValue(1, 'must be from 1 to 50'), v.maxValue(50, 'must be from 1 to 50')), 20)
const RawSearchBody = v.strictObject({ keyword: trimmed(1, 200), platform: v.picklist(SEARCH_PLATFORMS), limit })
const ScoredSearchBody = v.strictObject({ keyword: trimmed(1, 200), platform: v.optional(v.picklist(SCORED_VARIANT_PLATFORMS)), limit })

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
const RawResult = v.object({ keyword: v.string(), platform: v.string(), count: v.number(), mentions: v.array(Mention), usage: UsageCounters })

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
  publishedAt: v.string(),
})
const ScoredResult = v.object({ results: v.array(ScoredItem), total: v.number(), usage: UsageCounters })

const errors = { ...countedErrors, 502: ErrorBody, 503: ErrorBody, 504: ErrorBody }
const security = [{ apiKey: [] }]

/** One route, in the response variant this server is configured for (`api.search_variant`, contract §8). */
export const mentionsRoutes = (deps: Deps) => {
  const app = new Elysia({ prefix: '/api/v1', detail: { tags: ['mentions'] } }).use(requireApiKey(deps))
  if (deps.config.api.search_variant === 'scored') {
    return app.post('/mentions/search', ({ caller, body }) => searchScored(deps, caller, body), {
      // Names the JSON parser so the docs list application/json; the auth plugin's own parser runs first and answers.
      parse: 'json',
      body: ScoredSearchBody,
      response: { 200: ScoredResult, ...errors },
      detail: {
        summary: 'Search live and score each result (scored variant)',
        description: 'Without a platform, every one of the six the plan has and this server has configured, merged by aiScore. Counts 1 request.',
        security,
      },
    })
  }
  return app.post('/mentions/search', ({ caller, body }) => searchMentions(deps, caller, body), {
    parse: 'json',
    body: RawSearchBody,
    response: { 200: RawResult, ...errors },
    detail: {
      summary: 'Search one platform live by keyword',
      description: 'Raw mentions, newest first, content as the platform gave it. Counts 1 request when it succeeds.',
      security,
    },
  })
}
