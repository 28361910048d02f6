// RFC 9110 §10.2.3: Retry-After is the seconds to wait after the answer, or the date after which to call again; "0",
// or a date already past, asks for no wait at all. docs/platforms.md#rate-limits: such a 429 is a failure without a
// retry time. Source health's retryAt is when a platform may be called again, so none is shown (it read "now", then
// "Next retry: 3 h ago" until a search succeeded), nothing is held, and a polling pass leaves the platform for the
// rest of the pass, as after any other failure its other keywords would meet too.
import { describe, expect, test } from 'bun:test'
import type { Source } from '../../src/config/platform-names'
import { createDeferrals } from '../../src/domain/polling/deferrals'
import { checkPlatforms } from '../../src/domain/sources/check'
import { platformStatus } from '../../src/domain/sources/status'
import { UpstreamStatusError } from '../../src/platforms/upstream-errors'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'

const fake = fakesPerTest()

const CASES: { platform: Source; settings: (origin: string) => Record<string, unknown> }[] = [
  { platform: 'devto', settings: (origin) => ({ base_url: origin, api_key: 'forem-key' }) },
  { platform: 'hackernews', settings: (origin) => ({ base_url: origin, mode: 'search' }) },
  { platform: 'medium', settings: (origin) => ({ base_url: origin }) },
  { platform: 'substack', settings: (origin) => ({ base_url: origin }) },
  { platform: 'news', settings: (origin) => ({ base_url: origin }) },
]
const NO_WAIT = { 'a wait of 0': '0', 'a date already past': 'Sun, 06 Nov 1994 08:49:37 GMT' }

describe('a 429 whose Retry-After asks for no wait shows no retry time', () => {
  for (const c of CASES)
    for (const [what, value] of Object.entries(NO_WAIT))
      test(`${c.platform}: ${what}`, async () => {
        const host = fake(() => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': value } }))
        const { deps } = await testDeps({ config: { platforms: { [c.platform]: c.settings(host.origin) } } })
        const refused = await deps.searches.search(c.platform, 'crm', 10).catch((e: any) => e)
        expect(refused.extra.retryAfterSec).toBe(0)
        const { team } = await seedTeam(deps)
        const shown = (await platformStatus(deps, { team, plan: deps.config.plans.scale! })).platforms.find(
          (p) => p.platform === c.platform,
        )!
        expect(shown.lastError).toContain('rate limited')
        expect(shown.retryAt).toBeNull()
        // Nothing is held: the next search is sent, as the platform allowed.
        await deps.searches.search(c.platform, 'crm', 10).catch(() => undefined)
        expect(host.received.length).toBeGreaterThan(1)
      })
})

test('a polling pass leaves a platform whose 429 asked for no wait for the rest of the pass', () => {
  const deferrals = createDeferrals({ now: () => new Date() } as never)
  deferrals.failed('hackernews', new UpstreamStatusError(429, 'hackernews is rate limited (429); retry after 0 s', 0))
  expect(deferrals.isDeferred('hackernews')).toBe(true)
})

test('platforms check says rate limited with no time to wait until', async () => {
  const host = fake(() => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '0' } }))
  const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: host.origin, mode: 'search' } } } })
  const [row] = await checkPlatforms(deps, { platform: 'hackernews' })
  expect(row).toMatchObject({ status: 'rate_limited', retryAt: null })
})
