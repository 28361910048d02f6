import { afterEach, describe, expect, test } from 'bun:test'
import { AppError } from '../../src/errors'
import { openDatabase } from '../../src/storage/db'
import { firstAnswer } from '../../src/storage/first-answer'
import { startFakeLibsqlServer } from '../support/fake-libsql-server'
import { silentProxy } from '../support/silent-proxy'

// docs/operations.md#a-database-that-does-not-answer-at-start, in process with a bound of a second (the commands'
// own 30 s is test/cli/start-silent.test.ts's).
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

async function behindProxy() {
  const sqld = startFakeLibsqlServer({ authToken: 'tok' })
  cleanup.push(() => sqld.stop())
  const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(sqld.url).port) })
  cleanup.push(() => proxy.stop())
  const database = await openDatabase({ url: proxy.url, authToken: 'tok' })
  cleanup.push(() => database.client.close())
  return { proxy, client: database.client }
}

describe('the first answer of a libSQL server', () => {
  test('an answering server passes at once', async () => {
    const { proxy, client } = await behindProxy()
    await firstAnswer(client, proxy.url, 1000)
  })

  test('a silent one is storage_unavailable after the bound, naming its host', async () => {
    const { proxy, client } = await behindProxy()
    proxy.silence()
    const started = Date.now()
    const err = await firstAnswer(client, proxy.url, 1000).catch((e) => e)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(err).toBeInstanceOf(AppError)
    expect(err.kind).toBe('storage_unavailable')
    expect(err.message).toStartWith(
      `database.url: the libSQL server at ${new URL(proxy.url).host} did not answer within 1 s: check that it runs`,
    )
  })
})
