// A fake X API v2's pieces, answering GET /2/tweets/search/recent in the documented shape (data, includes.users,
// meta; docs/platforms.md#twitter), and the connector pointed at it, for the X connector's test files.
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createTwitterConnector } from '../../src/platforms/twitter/connector'

export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createTwitterConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_TWITTER_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_TWITTER_BEARER_TOKEN: 'AAAA-bearer',
        ...env,
      },
    }).platforms.twitter,
    createLogger((l) => lines.push(l)),
  )

export const tweet = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(1790000000000000000n + BigInt(n)),
  text: `We need a CRM #${n}`,
  author_id: '2244994945',
  lang: 'en',
  created_at: '2026-03-01T12:34:56.000Z',
  edit_history_tweet_ids: [String(1790000000000000000n + BigInt(n))],
  public_metrics: {
    retweet_count: 3,
    reply_count: 1,
    like_count: 12,
    quote_count: 2,
    bookmark_count: 2,
    impression_count: 900,
  },
  ...extra,
})
export const jane = { id: '2244994945', username: 'jane', name: 'Jane Doe' }
export const page = (data: unknown[] | undefined, nextToken?: string, users: unknown[] = [jane]) =>
  Response.json({
    ...(data ? { data } : {}),
    includes: { users },
    meta: {
      result_count: data?.length ?? 0,
      ...(data?.length ? { newest_id: 'x', oldest_id: 'y' } : {}),
      ...(nextToken ? { next_token: nextToken } : {}),
    },
  })
