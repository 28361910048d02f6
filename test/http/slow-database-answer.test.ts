// docs/operations.md#server-settings: the server closes a connection idle for its idle timeout (30 s), but not while
// it works on the answer. The API key was looked up before that work counted as begun, so a request whose key lookup
// waited on a slow libSQL server past the idle timeout lost its connection without an answer (200 GET /api/v1/usage
// through a relay delaying sqld 1.5 s each way: 20 had their connection closed at 32 s, logged as 499). Here a real
// sqld behind a relay delaying 3 s each way, and a server whose idle timeout is 1 s (Bun checks it every 4 s).
import { expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { buildDeps } from '../../src/deps'
import { seedTeam, testConfig, testDeps } from '../support/deps'
import { silentLogger } from '../support/log'
import { rawRequest } from '../support/raw-http'
import { slowSqld } from '../support/slow-proxy'

const DELAY_MS = 3000
const { sqld, proxy, cleanups } = await slowSqld(DELAY_MS)

test('a request whose key lookup waits on a slow database past the idle timeout gets its answer', async () => {
  const seeded = await testDeps({ config: { database: { url: sqld.url } } })
  const { apiKey } = await seedTeam(seeded.deps, { plan: 'growth' })
  seeded.deps.database.client.close()
  // The server is slow, not silent: the client waits for its calls (6 s each) without asking whether it answers.
  const deps = await buildDeps(testConfig({ database: { url: proxy.url } }), {
    log: silentLogger,
    writeDeadline: { answerMs: 30_000, probeMs: 30_000 },
  })
  cleanups.push(() => deps.database.client.close())
  const app = createApp(deps, { connectionIdleSec: 1 }).listen({ hostname: '127.0.0.1', port: 0 })
  cleanups.push(() => app.stop(true))
  const port = (app.server as NonNullable<typeof app.server>).port as number

  const started = Date.now()
  const usage = await rawRequest(port, ['GET /api/v1/usage HTTP/1.1', 'Host: 127.0.0.1', `x-api-key: ${apiKey}`])
  cleanups.push(() => usage.close())
  const answer = await usage.reply
  // The key's lookup alone is one round trip, two delays: past the idle timeout and Bun's look at it.
  expect(Date.now() - started).toBeGreaterThan(2 * DELAY_MS)
  expect(answer.status).toBe(200)
  expect(answer.json().usage).toMatchObject({ used: 0 })
}, 60_000)
