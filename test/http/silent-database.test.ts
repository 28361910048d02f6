import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { buildDeps } from '../../src/deps'
import { PROBE_MS, WRITE_ANSWER_MS } from '../../src/storage/engine/write-deadline'
import { seedTeam, testConfig } from '../support/deps'
import { client } from '../support/http'
import { silentLogger } from '../support/log'
import { silentProxy } from '../support/silent-proxy'

// docs/operations.md#a-database-that-stops-answering-a-write: counted calls on a libSQL server (a real sqld behind a
// relay) that takes requests and stops answering waited for minutes, then failed without the contract's error.
const server = await startSqld()
afterAll(() => server.stop())
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

const BODY = { content: 'We are looking for a CRM to replace our spreadsheets, can anyone recommend one?' }
const SILENT_ANSWER = {
  error: {
    code: 'storage_unavailable',
    message: 'the database cannot be written right now: its server does not answer',
  },
}

/** deps on the test's sqld through a relay that can go silent; `silence` options as silentProxy takes them. */
async function silentDatabase(a: Parameters<typeof silentProxy>[1] = {}) {
  const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, a)
  cleanup.push(() => proxy.stop())
  const deps = await buildDeps(
    testConfig({
      database: { url: proxy.url },
      plans: { metered: { api_access: true, monthly_requests: 10, platforms: ['hackernews'] } },
    }),
    { log: silentLogger },
  )
  cleanup.push(() => deps.database.client.close())
  const { apiKey } = await seedTeam(deps, { name: `t${Math.random().toString(36).slice(2, 8)}`, plan: 'metered' })
  const call = client(deps)
  return {
    proxy,
    deps,
    score: () => call('POST', '/api/v1/leads/score', { key: apiKey, body: BODY }),
    used: async () => (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used as number,
  }
}

describe('a counted call while the libSQL server is silent', () => {
  test('is 503 storage_unavailable within the deadline, charged nothing, and calls succeed once it answers', async () => {
    const { proxy, score, used } = await silentDatabase()
    expect((await score()).status).toBe(200)

    proxy.silence()
    const started = performance.now()
    const silent = await score()
    expect(performance.now() - started).toBeLessThan(WRITE_ANSWER_MS + PROBE_MS + 3000)
    expect(silent.status).toBe(503)
    expect(silent.body).toEqual(SILENT_ANSWER)

    proxy.restart()
    let again = await score()
    for (let i = 0; i < 20 && again.status !== 200; i++) {
      await Bun.sleep(500)
      again = await score()
    }
    expect(again.status).toBe(200)
    expect(await used()).toBe(2)
  }, 40_000)
})
