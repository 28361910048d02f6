import { describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import type { Logger } from '../../../src/lib/log'
import type { StreamReader } from '../../../src/platforms/stream'
import { seedTeam, testDeps } from '../../support/deps'
import { eventually } from '../../support/stream-world'

// docs/streams.md#resuming: a reader that fails outright (its stored position unreadable, say) is a stream that
// failed: logged, and started again by the supervisor from the stored position. The runner used to go on storing
// its figures with nothing reading, and the failure only came out at shutdown.
describe('a reader that fails outright', () => {
  test('the stream is logged as failed, not left running with nothing reading', async () => {
    const failures: unknown[] = []
    const log: Logger = { info() {}, warn() {}, error: (event, fields) => failures.push({ event, fields }) }
    const { deps } = await testDeps({ deps: { log } })
    await seedTeam(deps)
    let reads = 0
    const reader: StreamReader = {
      platform: 'hackernews',
      async read() {
        reads++
        throw new Error('the stored position cannot be read')
      },
    }
    const shutdown = new AbortController()
    const running = superviseStreams(deps as Deps, shutdown.signal, undefined, [reader])
    try {
      await eventually('stream_failed', () => failures.length > 0, 5000)
      expect(failures[0]).toMatchObject({ event: 'stream_failed', fields: { platform: 'hackernews' } })
      expect(reads).toBe(1)
    } finally {
      shutdown.abort()
      await running
    }
  })
})
