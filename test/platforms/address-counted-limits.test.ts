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
