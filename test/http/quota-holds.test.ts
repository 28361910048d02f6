import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDeps, type Deps } from '../../src/deps'
import { monthOf } from '../../src/domain/quota/month'
import { manualClock } from '../support/clock'
import { silentLogger } from '../support/log'
import { seedTeam, testConfig } from '../support/deps'
import { lastingTestDatabase } from '../support/test-database'
import { fakePlatforms } from '../support/fake-platforms'
import { client, type Reply } from '../support/http'
import { holdWindowOf, takeUnit } from '../../src/domain/quota/order'

// R = 20 units a month; a Hacker News search succeeds, a Reddit search fails (the fake answers 500), both slowly
// enough that the failing calls hold their units while the good ones arrive.
const R = 20
const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

async function world() {
  const platforms = fakePlatforms()
  platforms.add('hackernews', 'crm', {
    id: '1',
    author: 'ann',
    text: 'Which CRM do you use?',
    at: '2026-11-15T10:00:00.000Z',
  })
  platforms.fail('reddit', () => new Response('overloaded', { status: 500 }))
  platforms.slow(100)
  const dir = mkdtempSync(join(tmpdir(), 'ls-holds-'))
  cleanup.push(
    () => platforms.stop(),
    () => rmSync(dir, { recursive: true, force: true }),
  )
  const config = testConfig({
    database: { url: await lastingTestDatabase(`file:${join(dir, 'holds.db')}`) },
    plans: {
      twenty: { monthly_requests: R, platforms: ['hackernews', 'reddit'] },
      credits: { monthly_requests: 0, platforms: ['hackernews', 'reddit'] },
    },
    platforms: platforms.platformsConfig,
  })
  const clock = manualClock('2026-11-15T12:00:00.000Z')
  /** One more server process on the same database file: its own connection, repos and memory. */
  const server = async () => {
    const deps = await buildDeps(config, { log: silentLogger, clock })
    cleanup.push(() => deps.database.client.close())
    return deps
  }
  return { platforms, clock, server }
}

const search = (platform: 'hackernews' | 'reddit') => ({ keyword: 'crm', platform })
const fire = (deps: Deps, key: string, platform: 'hackernews' | 'reddit', n: number) => {
  const call = client(deps)
  return Array.from({ length: n }, () => call('POST', '/api/v1/mentions/search', { key, body: search(platform) }))
}
const count = (replies: Reply[], status: number) => replies.filter((r) => r.status === status).length

async function usedOf(deps: Deps, key: string) {
  return (await client(deps)('GET', '/api/v1/usage', { key })).body.usage.used as number
}

describe('units held by calls in flight (docs/api.md#reserve-and-give-back)', () => {
  test.each([
    ['monthly quota', { plan: 'twenty' }],
    ['credits', { plan: 'credits', credits: R }],
  ])(
    'R = 20 units of %s, 100 good and 100 failing calls at once: exactly 20 good calls succeed, no failing call is charged',
    async (_, seed) => {
      const w = await world()
      const deps = await w.server()
      const { team, apiKey } = await seedTeam(deps, seed)
      // Started interleaved, as they would arrive: each good call next to a failing one.
      const call = client(deps)
      const replies = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          call('POST', '/api/v1/mentions/search', { key: apiKey, body: search(i % 2 ? 'reddit' : 'hackernews') }),
        ),
      )
      const goodReplies = replies.filter((_, i) => i % 2 === 0)
      const failingReplies = replies.filter((_, i) => i % 2 === 1)

      expect(count(goodReplies, 200)).toBe(R)
      expect(count(goodReplies, 429)).toBe(100 - R)
      expect(count(failingReplies, 200)).toBe(0)
      expect(await usedOf(deps, apiKey)).toBe(R)
      // Every hold has settled: none left to give back, none counted on the row.
      expect(await deps.repos.usage.giveBackAll()).toBe(0)
      const limit = seed.plan === 'twenty' ? R : 0
      expect(
        await deps.repos.usage.holding(team.id, monthOf(w.clock.now()), limit, holdWindowOf(w.clock.now())),
      ).toMatchObject({
        free: false,
        held: 0,
      })
    },
  )

  test('across two processes on one database: good calls on one wait for the units that failing calls hold on the other', async () => {
    const w = await world()
    const a = await w.server()
    const b = await w.server()
    const { apiKey } = await seedTeam(a, { plan: 'twenty' })
    // The failing calls on A hold every unit before the good calls on B arrive.
    const failing = Promise.all(fire(a, apiKey, 'reddit', 100))
    await until(() => w.platforms.searchesOf('reddit', 'crm') >= 1)
    const good = await Promise.all(fire(b, apiKey, 'hackernews', 100))

    expect(count(good, 200)).toBe(R)
    expect(count(good, 429)).toBe(100 - R)
    expect(count(await failing, 200)).toBe(0)
    expect(await usedOf(b, apiKey)).toBe(R)
  })

  test('a call that finds every unit spent and none held answers 429 at once, with Retry-After to the reset', async () => {
    const w = await world()
    const deps = await w.server()
    const { apiKey } = await seedTeam(deps, { plan: 'twenty' })
    expect(count(await Promise.all(fire(deps, apiKey, 'hackernews', R)), 200)).toBe(R)
    const searchesBefore = w.platforms.searches.length
    const started = performance.now()
    const [limited] = await Promise.all(fire(deps, apiKey, 'hackernews', 1))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe(String(15.5 * 86_400))
    // It did not wait for a hold: a call that waits when none is held waits two hold windows (60 s) before it answers,
    // so 10 s tells the two apart even on a loaded machine (a 1 s bound failed 1 run in 5 beside busy loops).
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(w.platforms.searches.length).toBe(searchesBefore)
  })

  test('a call that runs past two hold windows still holds its unit: a call at the last unit waits, and gets it when the long call fails', async () => {
    const w = await world()
    const deps = await w.server()
    const { team, apiKey } = await seedTeam(deps, { plan: 'twenty' })
    w.platforms.slow(0)
    expect(count(await Promise.all(fire(deps, apiKey, 'hackernews', R - 1)), 200)).toBe(R - 1)
    // The last unit is held by a Reddit search the fake answers (500) only after 8 s, while the clock moves on by
    // four windows in steps of 25 s, each followed by a pause (the holding process checks the clock every second).
    w.platforms.slow(8000)
    const long = fire(deps, apiKey, 'reddit', 1)[0]
    await until(() => w.platforms.searchesOf('reddit', 'crm') >= 1)
    w.platforms.slow(0)
    for (const at of ['12:00:25', '12:00:50', '12:01:15', '12:01:40']) {
      w.clock.set(`2026-11-15T${at}.000Z`)
      await Bun.sleep(1200)
    }
    const month = monthOf(w.clock.now())
    expect(await deps.repos.usage.holding(team.id, month, R, holdWindowOf(w.clock.now()))).toMatchObject({
      free: false,
      held: 1,
    })

    const last = fire(deps, apiKey, 'hackernews', 1)[0]
    expect((await long).status).toBe(502)
    const answer = await last
    expect(answer.status).toBe(200)
    expect(await usedOf(deps, apiKey)).toBe(R)
    // The renewed hold ended with the call, and the kept one's is written in bulk: none is counted any more.
    await deps.repos.usage.giveBackAll()
    expect(await deps.repos.usage.holding(team.id, month, R, holdWindowOf(w.clock.now()))).toMatchObject({ held: 0 })
  })

  test('units held by a process that died stop counting after two hold windows: the waiting call then answers 429', async () => {
    const w = await world()
    const dead = await w.server()
    const live = await w.server()
    const { team, apiKey } = await seedTeam(live, { plan: 'twenty' })
    expect(count(await Promise.all(fire(live, apiKey, 'hackernews', R - 1)), 200)).toBe(R - 1)
    // The last unit is reserved by a process that then dies: it is never kept or given back.
    const month = monthOf(w.clock.now())
    expect(await takeUnit(dead.repos.usage, team.id, month, R, w.clock.now())).toBeDefined()

    let answer: Reply | undefined
    const waiting = fire(live, apiKey, 'hackernews', 1)[0].then((r) => {
      answer = r
    })
    await Bun.sleep(300)
    expect(answer).toBeUndefined()

    w.clock.set('2026-11-15T12:02:00.000Z')
    await waiting
    expect(answer?.status).toBe(429)
    expect(await usedOf(live, apiKey)).toBe(R)
  })
})

async function until(ok: () => boolean) {
  const deadline = Date.now() + 10_000
  while (!ok()) {
    if (Date.now() > deadline) throw new Error('waited 10 s')
    await Bun.sleep(5)
  }
}
