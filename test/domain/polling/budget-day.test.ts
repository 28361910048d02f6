import { afterEach, describe, expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { searchMentions } from '../../../src/domain/search/search-mentions'
import { runPollPass } from '../../../src/jobs/poll-pass'
import { client } from '../../support/http'
import { fakePlatforms } from '../../support/fake-platforms'
import { fakeUpstream } from '../../support/fake-upstream'
import { seedTeam, testDeps } from '../../support/deps'

// docs/platforms.md#budgets: polling spreads a platform's budget over its window. A simulated day, the clock injected:
// a pass every 15 minutes, a daily budget of 100 requests, 30 tracked keywords.
const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const KEYWORDS = Array.from({ length: 30 }, (_, i) => `keyword ${i + 1}`)
const DAY = '2026-11-15'
const passTimes = (day: string) =>
  Array.from({ length: 96 }, (_, i) => new Date(Date.parse(`${day}T00:00:00.000Z`) + i * 15 * 60_000))

async function setup() {
  const world = fakePlatforms()
  running.push(world)
  const { deps, clock } = await testDeps({
    now: `${DAY}T00:00:00.000Z`,
    config: {
      polling: { schedule: '*/15 * * * *' },
      plans: { poller: { api_access: true, monthly_requests: 1000, platforms: ['hackernews'] } },
      platforms: {
        hackernews: { ...world.platformsConfig.hackernews, budget_requests: 100, budget_window_seconds: 86_400 },
      },
    },
  })
  const { team, apiKey } = await seedTeam(deps, { plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: KEYWORDS })
  const searchesBy = (keyword: string) => world.searchesOf('hackernews', keyword)
  const total = () => world.searches.filter((s) => s.platform === 'hackernews').length
  return { deps, clock, world, team, apiKey, searchesBy, total }
}

describe('a daily budget of 100 over a simulated day of polling', () => {
  test('30 keywords, a pass every 15 minutes: the budget is never exceeded, every keyword is polled, spread over the day', async () => {
    const { deps, clock, searchesBy, total } = await setup()
    const perPass: number[] = []
    for (const at of passTimes(DAY)) {
      clock.set(at)
      const before = total()
      const summary = await runPollPass(deps)
      perPass.push(total() - before)
      // What the database says this window spent never passes the budget, whichever pass looks.
      const [row] = await deps.repos.platformBudgets.list()
      expect(row.used).toBeLessThanOrEqual(100)
      expect(row.used).toBe(total())
      expect(summary.platforms.hackernews.searches + summary.platforms.hackernews.deferred).toBe(30)
    }
    expect(total()).toBeLessThanOrEqual(100)
    expect(total()).toBeGreaterThanOrEqual(95)
    for (const k of KEYWORDS) expect(searchesBy(k)).toBeGreaterThanOrEqual(3)
    // Spread: never more than two searches in one pass, none of the day's passes idle for long.
    expect(Math.max(...perPass)).toBeLessThanOrEqual(2)
    expect(perPass.filter((n) => n === 0).length).toBe(0)
    // The next day's window starts empty: its first pass searches the keywords that waited longest.
    clock.set(`2026-11-16T00:00:00.000Z`)
    await runPollPass(deps)
    expect((await deps.repos.platformBudgets.list())[0]).toMatchObject({
      windowStart: '2026-11-16T00:00:00.000Z',
      used: 1,
    })
  })

  test('live searches spend the same budget: polling keeps to what they left, and a search past it is refused', async () => {
    const { deps, clock, team, apiKey, total } = await setup()
    const caller = { team, plan: deps.config.plans.poller }
    clock.set(`${DAY}T12:00:00.000Z`)
    for (let i = 0; i < 60; i++)
      await searchMentions(deps, caller, { keyword: `live ${i}`, platform: 'hackernews', limit: 5 })
    for (const at of passTimes(DAY).filter((t) => t.toISOString() >= `${DAY}T12:00:00.000Z`)) {
      clock.set(at)
      await runPollPass(deps)
    }
    expect(total()).toBe(100)
    // The window is spent: 503 platform_budget_exhausted with the seconds to its end, and the quota unit given back.
    const call = client(deps)
    const before = (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used
    const r = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'one more', platform: 'hackernews' },
    })
    expect(r.status).toBe(503)
    expect(r.body.error.code).toBe('platform_budget_exhausted')
    expect(r.body.error.message).toBe(
      "hackernews's request budget (100 per day) is spent until 2026-11-16T00:00:00.000Z",
    )
    expect(r.headers.get('retry-after')).toBe(String(15 * 60))
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(before)
    expect(total()).toBe(100)
  })
})

describe('a platform whose keywords share one read (Product Hunt)', () => {
  test('a pass reads the newest launches once, matches every keyword against them, and is charged that one read', async () => {
    const launch = (n: number, name: string) => ({
      node: {
        id: String(n),
        name,
        tagline: 'for teams',
        description: null,
        url: `https://www.producthunt.com/posts/p${n}?utm_source=Application%3A+Ours`,
        website: null,
        createdAt: '2026-11-15T08:00:00Z',
        votesCount: 1,
        commentsCount: 0,
        user: null,
      },
    })
    const ph = fakeUpstream((req) => {
      const after = Number(JSON.parse(req.body).variables.after ?? 0)
      const names = ['Acme CRM', 'Ledger ERP', 'Invoice bot', 'Photo app']
      return Response.json({
        data: {
          posts: {
            pageInfo: { endCursor: String(after + 1), hasNextPage: true },
            edges: names.map((name, i) => launch(after * 10 + i, name)),
          },
        },
      })
    })
    running.push(ph)
    const { deps } = await testDeps({
      config: {
        plans: { hunter: { api_access: true, monthly_requests: 10, platforms: ['producthunt'] } },
        platforms: { producthunt: { base_url: ph.origin, token: 'ph-token' } },
      },
    })
    const { team } = await seedTeam(deps, { plan: 'hunter' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm', 'erp', 'invoice'] })
    const summary = await runPollPass(deps)
    expect(summary.platforms.producthunt).toMatchObject({ searches: 3, fetched: 15, deferred: 0, failed: 0 })
    // Five pages of launches, once, for the three keywords.
    expect(ph.received).toHaveLength(5)
    expect(await deps.repos.platformBudgets.list()).toEqual([
      { platform: 'producthunt', windowStart: '2026-11-15T12:00:00.000Z', used: 5 },
    ])
  })
})
