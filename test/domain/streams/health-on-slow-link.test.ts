// docs/operations.md#a-slow-link-to-the-database: an executable sends its writes to a libSQL server one at a time, so
// every health write of a stream that fails and retries takes one round trip ahead of the counted calls queued after
// it. Four default streams retrying at 1, 2, 4 s after a start on a machine without internet made one counted call wait
// 90 s at 1 s each way. Here a real sqld behind a relay on 127.0.0.1, and failures that come while the stream's
// previous health write still waits: they are written once, with the latest, and a write queued after them is not
// held for a round trip each.
import { expect, test } from 'bun:test'
import { buildDeps } from '../../../src/deps'
import { streamHealth } from '../../../src/domain/streams/health'
import { AppError } from '../../../src/errors'
import { testConfig, testDeps } from '../../support/deps'
import { silentLogger } from '../../support/log'
import { slowSqld } from '../../support/slow-proxy'

const DELAY_MS = 250
const { sqld, proxy, cleanups } = await slowSqld(DELAY_MS)

test('failures written while the last is on its way go as one write, with the latest', async () => {
  const seeded = await testDeps({ config: { database: { url: sqld.url } } })
  seeded.deps.database.client.close()
  const deps = await buildDeps(testConfig({ database: { url: proxy.url } }), { log: silentLogger })
  cleanups.push(() => deps.database.client.close())
  const health = streamHealth(deps, 'hackernews')

  for (let i = 1; i <= 8; i++) health.failed(new AppError('upstream_error', `hackernews answered 503 (${i})`))
  // The counted call comes a little later, behind them.
  await Bun.sleep(20)
  const started = performance.now()
  await deps.database.client.execute('UPDATE teams SET name = name WHERE 0')
  // Behind the write in flight and one carrying the latest failure: three round trips at most, not nine.
  expect(performance.now() - started).toBeLessThan(3 * 2 * DELAY_MS + 400)

  // The row ends as the last failure left it.
  let error: string | null | undefined
  for (let waited = 0; waited < 20_000 && error !== 'hackernews answered 503 (8)'; waited += 100) {
    error = (await deps.repos.platformHealth.list()).find((r) => r.platform === 'hackernews')?.lastError
    await Bun.sleep(100)
  }
  expect(error).toBe('hackernews answered 503 (8)')
}, 60_000)
