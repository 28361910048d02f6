import { afterEach, describe, test } from 'bun:test'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import type { StreamReader } from '../../../src/platforms/stream'
import { recordingLogger } from '../../support/log'
import { eventually } from '../../support/stream-world'
import { expectStallToldOnce, readyAgain, silentWorld } from '../../support/silent-world'

// docs/operations.md#a-job-that-hangs: a stream whose libSQL server stopped answering lost its lease after 30 s and
// was started again every 40 s, each time logged as a `stream_failed` error quoting the lease, while /readyz named
// only polling as stuck.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

// An upstream that keeps speaking (as Hacker News's does): only the database goes silent.
const speaking: StreamReader = {
  platform: 'hackernews',
  async read(_from, sink, signal) {
    while (!signal.aborted) {
      sink.heard()
      await Bun.sleep(100)
    }
  },
}

describe('a stream whose database stops answering', () => {
  test('is told once as stalled, named on /readyz, and starts again once the database answers', async () => {
    const r = recordingLogger()
    const w = await silentWorld({ log: r.log })
    cleanup.push(() => w.stop())
    const shutdown = new AbortController()
    const running = superviseStreams(w.deps, shutdown.signal, undefined, [speaking], {
      leaseMs: 3000,
      // Started again 2 s after it stopped (10 s as served, docs/streams.md#resuming).
      restartMs: 2000,
    })
    cleanup.push(() => {
      w.proxy.restart()
      shutdown.abort()
      return running
    })
    await eventually('the stream', () => r.of('stream_started').length === 1)

    w.proxy.silence()
    // Told once: it tries again (2 s later, stalled 3 s after that) in the same silence without another warning or an
    // error.
    await expectStallToldOnce(w, r, {
      event: 'stream_stalled',
      fields: { platform: 'hackernews', hung: 'the database', waitedSeconds: 3 },
      job: 'the hackernews stream',
      quietMs: 7000,
      never: 'stream_failed',
    })

    w.proxy.restart()
    await eventually('the stream again', () => r.of('stream_started').length > 1, 20_000)
    await readyAgain(w.deps)
  }, 60_000)
})
