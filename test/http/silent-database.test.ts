import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { startSqld } from '../../scripts/sqld'
import { buildDeps } from '../../src/deps'
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
// The write deadline, shortened from its 5 s and 5 s (docs/operations.md#a-database-that-stops-answering-a-write): what
// is checked is that a silent server ends the call as 503 within it, not how long it is.
const DEADLINE = { answerMs: 1000, probeMs: 1000 }
const SILENT_ANSWER = {
  error: {
    code: 'storage_unavailable',
    message: 'the database cannot be written right now: its server does not answer',
  },
}

/** deps on the test's sqld through a relay that can go silent, and a team on a plan of 10 calls a month. */
async function silentDatabase() {
  const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) })
  cleanup.push(() => proxy.stop())
  const deps = await buildDeps(
    testConfig({
      database: { url: proxy.url },
      plans: { metered: { api_access: true, monthly_requests: 10, platforms: ['hackernews'] } },
    }),
    { log: silentLogger, writeDeadline: DEADLINE },
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
    expect(performance.now() - started).toBeLessThan(DEADLINE.answerMs + DEADLINE.probeMs + 3000)
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

// docs/operations.md#a-charge-in-doubt: the take of a unit went unanswered. The call is 503, which the contract says
// is not charged: a take the server ran is given back once it answers, exactly once, and one that never arrived is
// kept from ever running.
describe('a counted call whose take of a unit the libSQL server never answered', () => {
  const TAKE = 'quota_used = quota_used + 1'
  async function afterSilence(passOn: boolean) {
    const world = await silentDatabase()
    expect((await world.score()).status).toBe(200)
    // The tests share one database: only this one's receipts from here on.
    await world.deps.database.client.execute('DELETE FROM take_receipts')
    world.proxy.silenceAt(TAKE, { passOn })
    const silent = await world.score()
    expect(silent.status).toBe(503)
    expect(silent.body).toEqual(SILENT_ANSWER)
    world.proxy.restart()
    // The settlement is sent once the server answers a SELECT 1 again (within about DEADLINE.probeMs), then every
    // second.
    for (let i = 0; i < 30 && world.deps.repos.usage.owed() > 0; i++) await Bun.sleep(500)
    expect(world.deps.repos.usage.owed()).toBe(0)
    return world
  }
  const receipts = async (world: Awaited<ReturnType<typeof silentDatabase>>) =>
    (await world.deps.database.client.execute('SELECT taken FROM take_receipts')).rows.map((r) => Number(r.taken))

  test('one the server ran is given back once it answers: the 503 is not charged', async () => {
    const world = await afterSilence(true)
    expect(await world.used()).toBe(1)
    // Settled: its receipt says the unit came back (the first call's went when it kept its unit).
    expect(await receipts(world)).toEqual([0])
    expect((await world.score()).status).toBe(200)
    expect(await world.used()).toBe(2)
  }, 60_000)

  test('one that never arrived gives nothing back and can no longer run', async () => {
    const world = await afterSilence(false)
    expect(await world.used()).toBe(1)
    // Its receipt was written first, as settled: the take, should it still arrive, fails on it.
    expect(await receipts(world)).toEqual([0])
    expect((await world.score()).status).toBe(200)
    expect(await world.used()).toBe(2)
  }, 60_000)
})

test('on a libSQL server that answers, the receipts of units kept are deleted: none is left behind', async () => {
  const world = await silentDatabase()
  await world.deps.database.client.execute('DELETE FROM take_receipts')
  const answers = await Promise.all([world.score(), world.score(), world.score()])
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
  let left = -1
  for (let i = 0; i < 20 && left !== 0; i++) {
    await Bun.sleep(50)
    left = Number((await world.deps.database.client.execute('SELECT count(*) AS n FROM take_receipts')).rows[0].n)
  }
  expect(left).toBe(0)
  expect(await world.used()).toBe(3)
})
