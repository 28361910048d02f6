import { afterAll, describe, expect, test } from 'bun:test'
import { startSqld } from '../../../scripts/sqld'
import { openRemoteClient } from '../../../src/storage/engine/remote-client'
import { slowProxy } from '../../support/slow-proxy'

// docs/operations.md#a-database-that-stops-answering-a-write: a call unanswered past its first wait makes the client
// ask the server for one SELECT 1 beside it; answered, the server is busy, not silent, and the call is waited for.
// The libSQL client sends at most 20 requests at once and queues the rest (@libsql/client's `concurrency`), and the
// SELECT 1 went into that queue: with many calls waiting on a slow server it was answered late, the server was taken
// for silent, and every call failed 503 `its server does not answer` (200 concurrent API calls through a relay
// delaying 1.5 s each way: all 200 answered 503 after 10 s, while the server answered every call it got).
const server = await startSqld()
const DELAY_MS = 250
const proxy = await slowProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, DELAY_MS)
afterAll(async () => {
  proxy.stop()
  await server.stop()
})

// As write-deadline.test.ts: late after 400 ms, silent once a probe then goes unanswered for 2 s. A call through the
// relay takes two delays (500 ms) or more, so every call is late and asks; each probe is answered within about 500 ms.
const DEADLINE = { answerMs: 400, probeMs: 2000 }

describe('a libSQL server that answers slowly, with many calls waiting', () => {
  test('is waited for, not taken for silent: every call is answered', async () => {
    const client = openRemoteClient({ url: proxy.url, authToken: '', lockWaitMs: 5000, deadline: DEADLINE })
    try {
      // 200 calls: ten rounds of the client's 20 at a time, some 5 s, well past a probe's 2 s in the queue.
      const outcomes = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          client.execute({ sql: 'SELECT ? AS n', args: [i] }).then(
            (rs) => Number(rs.rows[0].n),
            (e: Error) => e.message,
          ),
        ),
      )
      expect(outcomes).toEqual(Array.from({ length: 200 }, (_, i) => i))
      // And a write after them goes through at once.
      await client.execute('CREATE TABLE IF NOT EXISTS slow_writes (n INTEGER)')
    } finally {
      client.close()
    }
  }, 60_000)
})

describe('a call answered while the client asks whether the server still answers', () => {
  // Every call through this relay takes two delays (1.2 s): late after 400 ms, so a SELECT 1 is sent, which would be
  // answered only after its 1 s. The call's own answer comes first; it was thrown away when the SELECT 1 was late, and
  // a write that the server had committed failed as in doubt.
  test('is taken, not given up with the probe', async () => {
    const slower = await slowProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, 600)
    const client = openRemoteClient({
      url: slower.url,
      authToken: '',
      lockWaitMs: 5000,
      deadline: { answerMs: 400, probeMs: 1000 },
    })
    try {
      await client.execute('CREATE TABLE IF NOT EXISTS answered_while_probing (n INTEGER)')
      const written = await client.execute('INSERT INTO answered_while_probing VALUES (1)').then(
        (rs) => rs.rowsAffected,
        (e: Error) => e.message,
      )
      expect(written).toBe(1)
    } finally {
      client.close()
      slower.stop()
    }
  }, 60_000)
})
