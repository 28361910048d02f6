import { afterAll, describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'

let mode: 'ok' | 'fail' | 'slow' | 'limited' = 'ok'
const hn = fakeUpstream(async () => {
  if (mode === 'fail') return new Response('down', { status: 503 })
  if (mode === 'limited') return new Response('slow down', { status: 429, headers: { 'retry-after': '2' } })
  if (mode === 'slow') await Bun.sleep(150)
  return Response.json({
    hits: [
      {
        objectID: '1',
        author: 'pg',
        title: 'A CRM?',
        created_at: '2026-11-01T00:00:00.000Z',
        points: 1,
        num_comments: 0,
      },
    ],
  })
})
afterAll(() => hn.stop())

async function setup() {
  // Searched, not streamed (docs/streams.md): polling's next pass shows.
  const { deps, clock } = await testDeps({
    config: { platforms: { hackernews: { base_url: hn.origin, mode: 'search' } } },
  })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  const status = async (platform: string) =>
    (await call('GET', '/api/v1/platforms', { key: apiKey })).body.platforms.find(
      (p: { platform: string }) => p.platform === platform,
    )
  return { deps, clock, apiKey, call, status }
}

describe('GET /api/v1/platforms', () => {
  test('names the settings each unconfigured platform needs (key and variable) and marks the keyless ones', async () => {
    const { status } = await setup()
    expect(await status('youtube')).toMatchObject({
      configured: false,
      keyless: false,
      missingSettings: [{ key: 'platforms.youtube.api_key', env: 'LEAD_SIGNALS_PLATFORMS_YOUTUBE_API_KEY' }],
    })
    expect(await status('hackernews')).toMatchObject({ configured: true, keyless: true, missingSettings: [] })
    expect((await status('reddit')).missingSettings.map((s: { key: string }) => s.key)).toEqual([
      'platforms.reddit.provider',
      'platforms.reddit.actor',
      'platforms.reddit.token',
    ])
    expect(await status('news')).toMatchObject({ earlierRouteOnly: true })
  })

  test('lists every source with configured, inPlan and no history yet, and is never counted', async () => {
    const { call, apiKey } = await setup()
    const r = await call('GET', '/api/v1/platforms', { key: apiKey })
    expect(r.status).toBe(200)
    expect(r.body.platforms).toHaveLength(22)
    const by = (p: string) => r.body.platforms.find((x: { platform: string }) => x.platform === p)
    expect(by('hackernews')).toEqual({
      platform: 'hackernews',
      configured: true,
      inPlan: true,
      earlierRouteOnly: false,
      keyless: true,
      missingSettings: [],
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
      failingSince: null,
      retryAt: null,
      retryWhy: null,
      warning: null,
      // The published limit: about 10,000 requests an hour; the hour of 12:00 has spent none.
      budget: { requests: 10_000, windowSeconds: 3600, used: 0, resetsAt: '2026-11-15T13:00:00.000Z' },
      // Polling runs every 15 minutes: the next pass may search it.
      nextPollAt: '2026-11-15T12:15:00.000Z',
      mode: 'search',
      position: null,
      stream: null,
    })
    // Streamed by default (docs/streams.md): no next poll; the stream's figures instead.
    expect(by('bluesky')).toMatchObject({ mode: 'stream', nextPollAt: null, position: null })
    expect(by('bluesky').stream).toMatchObject({
      readLastHour: 0,
      matchedLastHour: 0,
      heardAt: null,
      gap: null,
      positionAt: null,
    })
    expect(by('twitter')).toMatchObject({ configured: false, inPlan: true })
    expect(by('tiktok')).toMatchObject({ configured: false, inPlan: false })
    expect(by('news')).toMatchObject({ configured: true, inPlan: true, earlierRouteOnly: true })
    expect(by('internet')).toMatchObject({ configured: false, earlierRouteOnly: true })
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
  })

  test('reports a failure right after a failing search and a success after a good one', async () => {
    const { call, apiKey, status, clock } = await setup()
    mode = 'fail'
    clock.set('2026-11-15T12:00:00.000Z')
    expect(
      (await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'hackernews' } }))
        .status,
    ).toBe(502)
    expect(await status('hackernews')).toMatchObject({
      lastSuccessAt: null,
      lastFailureAt: '2026-11-15T12:00:00.000Z',
      lastError: 'hackernews answered with status 503',
    })
    mode = 'ok'
    clock.set('2026-11-15T12:05:00.000Z')
    expect(
      (await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'hackernews' } }))
        .status,
    ).toBe(200)
    expect(await status('hackernews')).toMatchObject({
      lastSuccessAt: '2026-11-15T12:05:00.000Z',
      lastFailureAt: '2026-11-15T12:00:00.000Z',
    })
  })

  test('shows the time a rate-limit answer asked to wait for, and why; nothing is sent before it; a search after it clears it', async () => {
    const { call, apiKey, status } = await setup()
    const search = () =>
      call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'hackernews' } })
    mode = 'limited'
    const limited = await search()
    expect(limited.status).toBe(502)
    expect(limited.headers.get('retry-after')).toBe('2')
    // Held as this machine's pause (Algolia counts per address), by the database's clock, which the test's manual
    // clock does not move: shown as the seconds left after the manual now.
    const held = await status('hackernews')
    expect(held).toMatchObject({
      retryWhy: 'rate limited',
      lastError: 'hackernews is rate limited (429); retry after 2 s',
      nextPollAt: '2026-11-15T12:15:00.000Z',
    })
    expect(Date.parse(held.retryAt) - Date.parse('2026-11-15T12:00:00.000Z')).toBeWithin(1000, 2001)
    mode = 'ok'
    hn.received.length = 0
    const early = await search()
    expect(early.status).toBe(503)
    expect(early.body.error.code).toBe('platform_budget_exhausted')
    expect(early.body.error.message).toMatch(/^hackernews asked us to wait \(rate limited\): wait [12] s before/)
    expect(Number(early.headers.get('retry-after'))).toBeWithin(1, 3)
    expect(hn.received).toHaveLength(0)
    await Bun.sleep(2100)
    expect((await search()).status).toBe(200)
    expect(await status('hackernews')).toMatchObject({ retryAt: null, retryWhy: null })
  })

  test('a retry time that has passed is shown as none, though no search has succeeded since', async () => {
    // docs/api.md#source-health: retryAt is null when the platform is free to ask; a refusal's time stayed until a
    // search succeeded, and the Sources page said "Next retry: 2 h ago".
    const { deps, clock, status } = await setup()
    clock.set('2026-11-15T12:00:00.000Z')
    const error = 'hackernews is rate limited (429); retry after 600 s'
    await deps.repos.platformHealth.recordFailure(
      'hackernews',
      '2026-11-15T09:50:00.000Z',
      error,
      '2026-11-15T10:00:00.000Z',
    )
    expect(await status('hackernews')).toMatchObject({ retryAt: null, retryWhy: null, lastError: error })
    await deps.repos.platformHealth.recordFailure(
      'hackernews',
      '2026-11-15T11:55:00.000Z',
      error,
      '2026-11-15T12:05:00.000Z',
    )
    expect(await status('hackernews')).toMatchObject({ retryAt: '2026-11-15T12:05:00.000Z', retryWhy: null })
  })

  test('needs a key like every API route', async () => {
    const { call } = await setup()
    expect((await call('GET', '/api/v1/platforms')).status).toBe(401)
  })
})

describe('shared searches', () => {
  test('identical concurrent searches make one upstream call; each caller is charged', async () => {
    const { call, apiKey } = await setup()
    mode = 'slow'
    hn.received.length = 0
    const body = { keyword: 'crm', platform: 'hackernews', limit: 5 }
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/v1/mentions/search', { key: apiKey, body })),
    )
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(hn.received).toHaveLength(1)
    // A different limit is a different search.
    await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { ...body, limit: 6 } })
    expect(hn.received).toHaveLength(2)
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(6)
    mode = 'ok'
  })
})

describe('source health: budgets, next poll and warnings (docs/platforms.md)', () => {
  test('a Mastodon instance that finds nothing for every keyword is flagged in source health until one search finds something', async () => {
    let statuses: unknown[] = []
    const masto = fakeUpstream(() => Response.json({ accounts: [], statuses, hashtags: [] }))
    try {
      const { deps } = await testDeps({
        config: { platforms: { mastodon: { base_url: masto.origin, access_token: 'tok' } } },
      })
      const { apiKey } = await seedTeam(deps)
      const call = client(deps)
      const search = (keyword: string) =>
        call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword, platform: 'mastodon' } })
      const mastodon = async () =>
        (await call('GET', '/api/v1/platforms', { key: apiKey })).body.platforms.find(
          (p: { platform: string }) => p.platform === 'mastodon',
        )
      for (const k of ['crm', 'erp', 'invoicing']) expect((await search(k)).status).toBe(200)
      expect((await mastodon()).warning).toStartWith(
        `${new URL(masto.origin).host} found nothing for any of the 3 keywords`,
      )
      statuses = [
        {
          id: '1',
          created_at: '2026-11-15T11:00:00.000Z',
          uri: 'https://m.example/1',
          url: 'https://m.example/@a/1',
          content: '<p>crm</p>',
          account: { acct: 'a', username: 'a', url: 'https://m.example/@a' },
        },
      ]
      expect((await search('crm')).status).toBe(200)
      expect((await mastodon()).warning).toBeNull()
    } finally {
      masto.stop()
    }
  })

  test('the budget spent by live searches shows in used, and a spent budget moves the next poll to the next window', async () => {
    const { call, apiKey, status, deps } = await setup()
    mode = 'ok'
    await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'hackernews' } })
    await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'erp', platform: 'hackernews' } })
    expect((await status('hackernews')).budget).toMatchObject({ used: 2, requests: 10_000 })
    await deps.database.client.execute("update platform_budgets set used = 10000 where platform = 'hackernews'")
    expect(await status('hackernews')).toMatchObject({
      budget: { used: 10_000, resetsAt: '2026-11-15T13:00:00.000Z' },
      nextPollAt: '2026-11-15T13:00:00.000Z',
    })
    // Not configured, or polling off: no next poll.
    expect((await status('twitter')).nextPollAt).toBeNull()
    const off = await testDeps({
      config: { polling: { enabled: false }, platforms: { hackernews: { base_url: hn.origin } } },
    })
    const offKey = (await seedTeam(off.deps)).apiKey
    const offStatus = (await client(off.deps)('GET', '/api/v1/platforms', { key: offKey })).body.platforms
    expect(offStatus.find((p: { platform: string }) => p.platform === 'hackernews').nextPollAt).toBeNull()
  })
})
