import { afterEach, describe, expect, test } from 'bun:test'
import { buildDeps } from '../../src/deps'
import { silentLogger } from '../support/log'
import { startFakeLibsqlServer } from '../support/fake-libsql-server'
import { testConfig } from '../support/deps'
import { client } from '../support/http'
import { silentProxy } from '../support/silent-proxy'

// docs/api.md#health: a libSQL server that took /readyz's probe and never answered kept the request waiting (about
// 6 minutes, until the runtime's fetch gave up), so an operator asking by hand got no reason at all.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

describe('GET /readyz on a database that stops answering', () => {
  test('answers 503 with the reason within seconds, and 200 again once the server is back', async () => {
    const sqld = startFakeLibsqlServer({ authToken: 'tok' })
    cleanup.push(() => sqld.stop())
    const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(sqld.url).port) })
    cleanup.push(() => proxy.stop())
    const deps = await buildDeps(testConfig({ database: { url: proxy.url, auth_token: 'tok' } }), {
      log: silentLogger,
    })
    cleanup.push(() => deps.database.client.close())
    const call = client(deps)
    expect((await call('GET', '/readyz')).status).toBe(200)

    proxy.silence()
    const started = Date.now()
    const silent = await call('GET', '/readyz')
    expect(Date.now() - started).toBeLessThan(5000)
    expect(silent.status).toBe(503)
    expect(silent.body).toEqual({
      status: 'not_ready',
      reason: 'the database did not answer within 2 s',
    })

    proxy.restart()
    let ready = await call('GET', '/readyz')
    for (let i = 0; i < 20 && ready.status !== 200; i++) ready = await call('GET', '/readyz')
    expect(ready.status).toBe(200)
  }, 30_000)
})
