import { describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { searxngLimiter, stackExchangeThrottle } from '../support/platform-rules'

// docs/platforms.md#rate-limits: a platform's own "come back in N seconds" becomes the source's retry time; live
// searches are answered 503 with Retry-After until then, and nothing reaches the platform meanwhile.
const fake = fakesPerTest()

async function setup(platforms: Record<string, object>) {
  const { deps, clock } = await testDeps({
    config: {
      platforms,
      plans: {
        all: { monthly_requests: 100, any_keyword: true, platforms: ['stackoverflow', 'hackernews', 'youtube'] },
      },
    },
  })
  const { apiKey } = await seedTeam(deps, { plan: 'all' })
  const call = client(deps)
  const search = (platform: string) =>
    platform === 'internet'
      ? call('POST', '/api/routes/search', { key: apiKey, body: { network: platform, keyword: 'crm' } })
      : call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform, limit: 5 } })
  const health = async (platform: string) =>
    (await call('GET', '/api/v1/platforms', { key: apiKey })).body.platforms.find(
      (p: { platform: string }) => p.platform === platform,
    )
  return { search, health, clock }
}

// A pause is held on the database's clock (docs/architecture.md#pauses-a-platform-announced), which the tests'
// manual clock does not move: its end is waited for in real time, and source health reads it from the manual now.
const msAfterNoon = (iso: string) => Date.parse(iso) - Date.parse('2026-11-15T12:00:00.000Z')

describe('Stack Exchange throttle_violation through the API', () => {
  test('the seconds it names are the retry time in source health; the next search is 503 with Retry-After, unsent', async () => {
    const throttle = stackExchangeThrottle(3600)
    const se = fake(() => throttle.answer())
    const { search, health } = await setup({ stackoverflow: { base_url: se.origin } })
    const first = await search('stackoverflow')
    expect(first.status).toBe(502)
    expect(first.headers.get('retry-after')).toBe('3600')
    const { retryAt, retryWhy } = await health('stackoverflow')
    expect(msAfterNoon(retryAt)).toBeWithin(3590_000, 3600_001)
    expect(retryWhy).toBe('throttle_violation')
    const second = await search('stackoverflow')
    expect(second.status).toBe(503)
    expect(second.body.error.code).toBe('platform_budget_exhausted')
    expect(Number(second.headers.get('retry-after'))).toBeWithin(3590, 3601)
    expect(throttle.refused).toBe(1)
  })

  test('once the seconds it named have passed, the next search is sent', async () => {
    let refused = 0
    const se = fake(() => {
      if (refused++ > 0) return Response.json({ items: [], has_more: false, quota_max: 300, quota_remaining: 200 })
      const error_message = 'too many requests from this IP, more requests available in 2 seconds'
      return Response.json({ error_id: 502, error_name: 'throttle_violation', error_message }, { status: 400 })
    })
    const { search } = await setup({ stackoverflow: { base_url: se.origin } })
    expect((await search('stackoverflow')).status).toBe(502)
    expect((await search('stackoverflow')).status).toBe(503)
    expect(se.received).toHaveLength(1)
    await Bun.sleep(2100)
    expect((await search('stackoverflow')).status).toBe(200)
    expect(se.received).toHaveLength(2)
  })
})

describe('Stack Exchange backoff through the API', () => {
  test('an answer with backoff: the next search is 503 with Retry-After and the retry time in source health, unsent', async () => {
    const se = fake(() =>
      Response.json({ items: [], has_more: false, backoff: 30, quota_max: 300, quota_remaining: 200 }),
    )
    const { search, health } = await setup({ stackoverflow: { base_url: se.origin } })
    expect((await search('stackoverflow')).status).toBe(200)
    const paused = await search('stackoverflow')
    expect(paused.status).toBe(503)
    expect(paused.body.error.code).toBe('platform_budget_exhausted')
    expect(Number(paused.headers.get('retry-after'))).toBeWithin(29, 31)
    const { retryAt, retryWhy } = await health('stackoverflow')
    expect(msAfterNoon(retryAt)).toBeWithin(29_000, 30_001)
    expect(retryWhy).toBe('backoff')
    expect(se.received).toHaveLength(1)
  })
})

describe("SearXNG's limiter through the earlier route", () => {
  test('four searches an hour pass; the fifth keeps an hour in source health and the sixth is 503, unsent', async () => {
    const limiter = searxngLimiter()
    const sx = fake(
      (req) =>
        limiter.check(req) ??
        Response.json({ results: [{ url: 'https://example.com/a', title: 'A crm', content: 'crm talk' }] }),
    )
    const { search, health } = await setup({ internet: { base_url: sx.origin } })
    // The limiter counts by the real clock, as the pause is kept (by the database's).
    for (let i = 0; i < 4; i++) expect((await search('internet')).status).toBe(200)
    const refused = await search('internet')
    expect(refused.status).toBe(502)
    expect(refused.headers.get('retry-after')).toBe('3600')
    const { retryAt, retryWhy } = await health('internet')
    expect(msAfterNoon(retryAt)).toBeWithin(3590_000, 3600_001)
    expect(retryWhy).toBe('rate limited')
    const held = await search('internet')
    expect(held.status).toBe(503)
    expect(Number(held.headers.get('retry-after'))).toBeWithin(3590, 3601)
    expect(sx.received).toHaveLength(5)
  })
})

describe("YouTube's quota day ends at midnight Pacific time (developers.google.com/youtube/v3/getting-started#quota)", () => {
  test("a day's budget is spent for the Pacific day, not the UTC one: a search after midnight UTC waits for 08:00 UTC", async () => {
    const yt = fake(() => Response.json({ kind: 'youtube#searchListResponse', items: [], pageInfo: {} }))
    const { search, health, clock } = await setup({
      youtube: { base_url: yt.origin, api_key: 'yt-key', budget_requests: 1, budget_window_seconds: 86_400 },
    })
    clock.set('2026-11-15T23:00:00.000Z') // 15:00 in Los Angeles
    expect((await search('youtube')).status).toBe(200)
    clock.set('2026-11-16T01:00:00.000Z') // a new UTC day, still 17:00 of the same Pacific day
    const spent = await search('youtube')
    expect(spent.status).toBe(503)
    expect(spent.body.error.code).toBe('platform_budget_exhausted')
    expect(spent.headers.get('retry-after')).toBe(String(7 * 3600))
    expect((await health('youtube')).budget).toMatchObject({ used: 1, resetsAt: '2026-11-16T08:00:00.000Z' })
    expect(yt.received).toHaveLength(1)
    clock.set('2026-11-16T08:00:00.000Z')
    expect((await search('youtube')).status).toBe(200)
  })
})
