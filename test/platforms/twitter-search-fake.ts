import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createTwitterConnector } from '../../src/platforms/twitter/connector'
import type { fakesPerTest } from '../support/fake-upstream'

type Post = { id: string; text: string }

/**
 * A search through a fake X API v2 recent search (docs/platforms.md#twitter) that answers with the posts `keep`
 * picks for the query it was sent, or with the refusal `keep` gives; the ids of the posts the connector returns.
 */
export async function searchX(
  start: ReturnType<typeof fakesPerTest>,
  keyword: string,
  keep: (query: string) => Post[] | Response,
) {
  const x = start(({ url }) => {
    const kept = keep(url.searchParams.get('query') ?? '')
    if (kept instanceof Response) return kept
    const data = kept.map((p) => ({ ...p, created_at: '2026-03-01T12:34:56.000Z', edit_history_tweet_ids: [p.id] }))
    return Response.json({ data, meta: { result_count: data.length } })
  })
  const config = loadConfig({
    env: { LEAD_SIGNALS_PLATFORMS_TWITTER_BASE_URL: x.origin, LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN: 'AAAA-b' },
  }).platforms.twitter
  const found = await createTwitterConnector(
    config,
    createLogger(() => {}),
  ).search(keyword, 10)
  return found.map((m) => m.id.replace('twitter:', ''))
}
