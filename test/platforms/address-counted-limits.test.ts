// docs/platforms.md#rate-limits: platforms that count their limit per client address hold a refusal for this machine's
// address: every server on this machine calling that host is refused unsent and uncharged until the time the refusal
// named, while the wait is not stored as the platform's retry time, which would hold every server on the database,
// on any machine.
import { describe, expect, test } from 'bun:test'
import type { Source } from '../../src/config/platform-names'
import { fakesPerTest } from '../support/fake-upstream'
import { twoServers } from '../support/two-servers'

const fake = fakesPerTest()
const tooMany = () => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '600' } })

type Case = { platform: Source; settings: (origin: string) => Record<string, unknown> }

const CASES: Case[] = [
  // Forem's Rack::Attack throttles (config/initializers/rack_attack.rb): the search route's and the API's reads are
  // counted per client address, with or without an api-key.
  { platform: 'devto', settings: (origin) => ({ base_url: origin, api_key: 'forem-key' }) },
  // hn.algolia.com/api: the search API limits the requests of each IP address (10,000 an hour).
  { platform: 'hackernews', settings: (origin) => ({ base_url: origin, mode: 'search' }) },
  // Medium's tag feeds, Substack's search and Google News' RSS take no credentials: whatever they limit, they can only
  // count the address calling.
  { platform: 'medium', settings: (origin) => ({ base_url: origin }) },
  { platform: 'substack', settings: (origin) => ({ base_url: origin }) },
  { platform: 'news', settings: (origin) => ({ base_url: origin }) },
  // Stack Exchange's documented refusals come in its wrapper (throttle_violation); a bare 429 is a proxy or load
  // balancer in front of the API, which can count only the address calling, as its daily quota does (docs/throttle).
  { platform: 'stackoverflow', settings: (origin) => ({ base_url: origin, key: 'app-key' }) },
]

describe('a 429 of a platform counting per address holds this machine, not the platform everywhere', () => {
  for (const c of CASES) {
    test(`${c.platform}: another server here is refused unsent and uncharged; no retry time is stored`, async () => {
      const host = fake(tooMany)
      const [first, second] = await twoServers({ [c.platform]: c.settings(host.origin) })
      const refused = await first.searches.search(c.platform, 'crm', 10).catch((e: any) => e)
      expect(refused.extra.retryAfterSec).toBe(600)
      const stored = (await first.repos.platformHealth.list()).find((h) => h.platform === c.platform)
      expect(stored?.retryAt ?? null).toBeNull()
      const held = await second.searches.search(c.platform, 'crm', 10).catch((e: any) => e)
      expect(held.kind).toBe('platform_budget_exhausted')
      expect(held.extra.retryAfterSec).toBeGreaterThan(590)
      const charged = (await second.repos.platformBudgets.list()).find((b) => b.platform === c.platform)
      expect(charged?.used).toBe(first.searches.requestsFor(c.platform, 10))
      expect(host.received).toHaveLength(1)
    })
  }
})

test("substack: a 429 after the first page keeps its results, and holds another server's searches here, unsent", async () => {
  // The search answers { items, nextCursor }; a later page is asked with the cursor
  // (docs/platforms.md#medium-substack-and-news).
  const post = {
    type: 'post',
    post: {
      id: 150000001,
      title: 'Which CRM?',
      canonical_url: 'https://a.substack.com/p/crm',
      post_date: '2026-03-01T00:00:00.000Z',
    },
    publication: { name: 'A', subdomain: 'a' },
  }
  const host = fake(({ url }) =>
    url.searchParams.get('cursor')
      ? new Response('slow down', { status: 429, headers: { 'retry-after': '600' } })
      : Response.json({ items: [post], nextCursor: 'c1' }),
  )
  const [first, second] = await twoServers({ substack: { base_url: host.origin } })
  expect(await first.searches.search('substack', 'crm', 50)).toHaveLength(1)
  const held = await second.searches.search('substack', 'crm', 50).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(held.extra.retryAfterSec).toBeGreaterThan(590)
  expect(host.received).toHaveLength(2)
})
