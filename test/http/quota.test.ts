import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDeps } from '../../src/deps'
import { manualClock } from '../support/clock'
import { silentLogger } from '../support/log'
import { client } from '../support/http'
import { seedTeam, testConfig, testDeps } from '../support/deps'
import { lastingTestDatabase } from '../support/test-database'

const withPlans = {
  plans: {
    five: { monthly_requests: 5 },
    tiny: { monthly_requests: 2 },
    endless: { monthly_requests: 'unlimited' as const },
  },
}
const score = { content: 'We are looking for a better CRM for our sales team' }

async function fire(call: ReturnType<typeof client>, key: string, n: number) {
  const replies = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      i % 2 ? call('GET', '/api/v1/signals', { key }) : call('POST', '/api/v1/leads/score', { key, body: score }),
    ),
  )
  return { ok: replies.filter((r) => r.status === 200).length, limited: replies.filter((r) => r.status === 429).length }
}

describe('the atomic charge (docs/api.md#reserve-and-give-back)', () => {
  test('with R requests remaining and 10×R concurrent counted calls, exactly R succeed and the rest get 429', async () => {
    const { deps } = await testDeps({ config: withPlans })
    const { apiKey } = await seedTeam(deps, { plan: 'five' })
    const call = client(deps)
    await call('GET', '/api/v1/signals', { key: apiKey })
    const { ok, limited } = await fire(call, apiKey, 40)
    expect(ok).toBe(4)
    expect(limited).toBe(36)
    const usage = (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage
    expect(usage).toMatchObject({ used: 5, limit: 5, remaining: 0 })
  })

  test('credits are spent after the quota, concurrently and exactly, then 429', async () => {
    const { deps } = await testDeps({ config: withPlans })
    const { apiKey } = await seedTeam(deps, { plan: 'tiny', credits: 3 })
    const call = client(deps)
    const { ok, limited } = await fire(call, apiKey, 50)
    expect(ok).toBe(5)
    expect(limited).toBe(45)
    const report = (await call('GET', '/api/v1/usage', { key: apiKey })).body
    expect(report.credits).toBe(0)
    expect(report.usage).toMatchObject({ used: 5, limit: 2, remaining: 0 })
  })

  test('the usage object shows the state after each call, moving from quota to credits', async () => {
    const { deps } = await testDeps({ config: withPlans })
    const { apiKey } = await seedTeam(deps, { plan: 'tiny', credits: 1 })
    const call = client(deps)
    const seen = []
    for (let i = 0; i < 3; i++) seen.push((await call('GET', '/api/v1/signals', { key: apiKey })).body.usage)
    expect(seen).toEqual([
      { used: 1, limit: 2, remaining: 1 },
      { used: 2, limit: 2, remaining: 0 },
      { used: 3, limit: 2, remaining: 0 },
    ])
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.credits).toBe(0)
  })

  test('failed calls (400, 401, 403, 404, 503) charge nothing', async () => {
    const { deps } = await testDeps({ config: withPlans })
    const { apiKey } = await seedTeam(deps, { plan: 'five', credits: 2 })
    const call = client(deps)
    await call('GET', '/api/v1/signals?limit=0', { key: apiKey })
    await call('POST', '/api/v1/leads/score', { key: apiKey, body: { content: 'short' } })
    await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'twitter' } })
    await call('POST', '/api/routes/search', { key: apiKey, body: { network: 'news', keyword: 'untracked' } })
    await call('GET', '/api/v1/nowhere', { key: apiKey })
    const report = (await call('GET', '/api/v1/usage', { key: apiKey })).body
    expect(report.usage).toMatchObject({ used: 0, remaining: 5 })
    expect(report.credits).toBe(2)
  })

  test('GET /usage and GET /test-api are not counted; /usage is when api.count_usage_endpoint is on', async () => {
    const free = await testDeps({ config: withPlans })
    const a = await seedTeam(free.deps, { plan: 'five' })
    const callFree = client(free.deps)
    for (let i = 0; i < 3; i++) await callFree('GET', '/api/routes/test-api', { key: a.apiKey })
    expect((await callFree('GET', '/api/v1/usage', { key: a.apiKey })).body.usage.used).toBe(0)

    const counted = await testDeps({ config: { ...withPlans, api: { count_usage_endpoint: true } } })
    const b = await seedTeam(counted.deps, { plan: 'five' })
    const call = client(counted.deps)
    expect((await call('GET', '/api/v1/usage', { key: b.apiKey })).body.usage.used).toBe(1)
    expect((await call('GET', '/api/v1/usage', { key: b.apiKey })).body.usage).toMatchObject({ used: 2, remaining: 3 })
  })

  test('an unlimited plan reports null limit and remaining and never answers 429', async () => {
    const { deps } = await testDeps({ config: withPlans })
    const { apiKey } = await seedTeam(deps, { plan: 'endless' })
    const call = client(deps)
    const { ok } = await fire(call, apiKey, 30)
    expect(ok).toBe(30)
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage).toMatchObject({
      used: 30,
      limit: null,
      remaining: null,
    })
  })

  test("one team never spends or sees another team's quota", async () => {
    const { deps } = await testDeps({ config: withPlans })
    const a = await seedTeam(deps, { name: 'a', plan: 'tiny' })
    const b = await seedTeam(deps, { name: 'b', plan: 'tiny' })
    const call = client(deps)
    await fire(call, a.apiKey, 10)
    expect((await call('GET', '/api/v1/usage', { key: b.apiKey })).body).toMatchObject({
      team: 'b',
      usage: { used: 0, remaining: 2 },
    })
    expect((await call('GET', '/api/v1/signals', { key: b.apiKey })).status).toBe(200)
  })
})

describe('the monthly reset (docs/api.md#the-month)', () => {
  test('the counter resets at 00:00 UTC on the 1st and resetsAt is the first instant of the next month', async () => {
    const { deps, clock } = await testDeps({ config: withPlans, now: '2026-11-30T23:59:59.999Z' })
    const { apiKey } = await seedTeam(deps, { plan: 'tiny' })
    const call = client(deps)
    await fire(call, apiKey, 4)
    let report = (await call('GET', '/api/v1/usage', { key: apiKey })).body
    expect(report.usage).toEqual({
      used: 2,
      limit: 2,
      remaining: 0,
      month: '2026-11',
      resetsAt: '2026-12-01T00:00:00.000Z',
    })
    const limited = await call('GET', '/api/v1/signals', { key: apiKey })
    expect(limited.headers.get('retry-after')).toBe('1')

    clock.set('2026-12-01T00:00:00.000Z')
    report = (await call('GET', '/api/v1/usage', { key: apiKey })).body
    expect(report.usage).toEqual({
      used: 0,
      limit: 2,
      remaining: 2,
      month: '2026-12',
      resetsAt: '2027-01-01T00:00:00.000Z',
    })
    expect((await call('GET', '/api/v1/signals', { key: apiKey })).body.usage).toEqual({
      used: 1,
      limit: 2,
      remaining: 1,
    })
  })

  test('across the year boundary the month becomes January of the next year', async () => {
    const { deps, clock } = await testDeps({ config: withPlans, now: '2026-12-31T23:00:00.000Z' })
    const { apiKey } = await seedTeam(deps, { plan: 'tiny' })
    const call = client(deps)
    await fire(call, apiKey, 3)
    const limited = await call('GET', '/api/v1/signals', { key: apiKey })
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('3600')
    clock.set('2027-01-01T00:00:01.000Z')
    const report = (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage
    expect(report).toEqual({ used: 0, limit: 2, remaining: 2, month: '2027-01', resetsAt: '2027-02-01T00:00:00.000Z' })
    expect((await call('GET', '/api/v1/signals', { key: apiKey })).status).toBe(200)
  })

  test('a process that was down at midnight still starts the new month from zero', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-quota-'))
    try {
      const config = testConfig({
        ...withPlans,
        database: { url: await lastingTestDatabase(`file:${join(dir, 'q.db')}`) },
      })
      const before = await buildDeps(config, { log: silentLogger, clock: manualClock('2026-10-31T22:00:00.000Z') })
      const { apiKey } = await seedTeam(before, { plan: 'tiny' })
      await fire(client(before), apiKey, 2)
      before.database.client.close()

      const after = await buildDeps(config, { log: silentLogger, clock: manualClock('2026-11-03T09:00:00.000Z') })
      const call = client(after)
      expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage).toMatchObject({
        used: 0,
        remaining: 2,
        month: '2026-11',
      })
      expect((await fire(call, apiKey, 6)).ok).toBe(2)
      after.database.client.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('the ultimate plan spends 1 of 100 credits a call and is refilled to 100 at the start of the month', async () => {
    const { deps, clock } = await testDeps({ now: '2026-11-20T10:00:00.000Z' })
    const { apiKey } = await seedTeam(deps, { plan: 'ultimate' })
    const call = client(deps)
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.credits).toBe(100)
    const { ok, limited } = await fire(call, apiKey, 120)
    expect([ok, limited]).toEqual([100, 20])
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body).toMatchObject({
      credits: 0,
      usage: { used: 100, limit: 0, remaining: 0 },
    })

    clock.set('2026-12-01T00:00:00.000Z')
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body).toMatchObject({
      credits: 100,
      usage: { used: 0 },
    })
    expect((await call('GET', '/api/v1/signals', { key: apiKey })).status).toBe(200)
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.credits).toBe(99)
  })
})

describe('the charge over a real socket and database file', () => {
  test('10×R concurrent HTTP requests to a listening server spend exactly R', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-quota-net-'))
    const deps = await buildDeps(
      testConfig({ ...withPlans, database: { url: await lastingTestDatabase(`file:${join(dir, 'q.db')}`) } }),
      {
        log: silentLogger,
      },
    )
    const { createApp } = await import('../../src/app')
    const app = createApp(deps).listen({ hostname: '127.0.0.1', port: 0 })
    try {
      const { apiKey } = await seedTeam(deps, { plan: 'five' })
      const url = `http://127.0.0.1:${app.server?.port}`
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${url}/api/v1/leads/score`, {
            method: 'POST',
            headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
            body: JSON.stringify(score),
          }).then((r) => r.status),
        ),
      )
      expect(statuses.filter((s) => s === 200).length).toBe(5)
      expect(statuses.filter((s) => s === 429).length).toBe(45)
    } finally {
      await app.stop(true)
      deps.database.client.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('HEAD (docs/api.md#what-is-counted)', () => {
  test('HEAD on a counted GET route is answered as the GET, with no body, and counts as it does', async () => {
    const { deps } = await testDeps({ config: withPlans })
    const { apiKey } = await seedTeam(deps, { plan: 'five' })
    const call = client(deps)
    for (const path of ['/api/v1/signals', '/api/v1/signals/export?format=jsonl', '/api/v1/keywords']) {
      const reply = await call('HEAD', path, { key: apiKey })
      expect({ path, status: reply.status, body: reply.body }).toEqual({ path, status: 200, body: '' })
    }
    const usage = (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage
    expect(usage).toMatchObject({ used: 2, limit: 5 })
  })
})
