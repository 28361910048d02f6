import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMastodonConnector } from '../../src/platforms/mastodon/connector'
import { fakesPerTest } from '../support/fake-upstream'
import { mastodonRateLimited } from '../support/platform-rules'
import { resetIn } from '../support/reset-headers'

// docs.joinmastodon.org, "Rate limits" (docs/platforms.md#mastodon): 300 requests per 5 minutes per account and per
// address, every answer saying what is left (X-RateLimit-Remaining) and when it resets (X-RateLimit-Reset, ISO 8601);
// past the limit, 429. The account's other clients (its apps, this server's stream, other servers) spend the same
// limit, so a page can be refused although the page before it said requests were left.
const fake = fakesPerTest()
const connector = (origin: string) =>
  createMastodonConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-123',
      },
    }).platforms.mastodon,
    createLogger(() => {}),
  )
const status = (n: number) => ({
  id: String(113000000000000000n + BigInt(n)),
  created_at: new Date(Date.UTC(2026, 2, 1, 12, 0, 0) + n * 60_000).toISOString(),
  uri: `https://mastodon.social/users/jane/statuses/${n}`,
  url: `https://mastodon.social/@jane/${n}`,
  content: `<p>Status ${n} about a crm</p>`,
  account: { id: '1', username: 'jane', acct: 'jane', url: 'https://mastodon.social/@jane' },
})

describe('mastodon: a page refused after the first', () => {
  test('ends the search with the statuses found before it; the next search is refused unsent until X-RateLimit-Reset', async () => {
    let sent = 0
    const m = fake(({ url }) => {
      sent++
      // The first page leaves 250 requests; the account's other clients then spend the rest before the second.
      if (sent > 1) return mastodonRateLimited(240)
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const statuses = Array.from({ length: 40 }, (_, i) => status(1000 - offset - i))
      const headers = {
        'x-ratelimit-limit': '300',
        'x-ratelimit-remaining': '250',
        ...resetIn('x-ratelimit-reset', 240, true),
      }
      return Response.json({ accounts: [], statuses, hashtags: [] }, { headers })
    })
    const c = connector(m.origin)
    const found = await c.search('crm', 80)
    expect(found).toHaveLength(40)
    expect(m.received).toHaveLength(2)
    const held = await c.search('crm', 80).catch((e) => e)
    expect(held).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(held.extra.retryAfterSec).toBeGreaterThan(230)
    expect(m.received).toHaveLength(2)
  })
})
