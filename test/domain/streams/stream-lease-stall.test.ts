import { afterEach, describe, expect, test } from 'bun:test'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import type { StreamReader } from '../../../src/platforms/stream'
import { client } from '../../support/http'
import { recordingLogger } from '../../support/log'
import { eventually } from '../../support/stream-world'
import { silentWorld } from '../../support/silent-world'

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
    const running = superviseStreams(w.deps, shutdown.signal, undefined, [speaking], { leaseMs: 3000 })
    cleanup.push(() => {
      w.proxy.restart()
      shutdown.abort()
      return running
    })
    await eventually('the stream', () => r.of('stream_started').length === 1)

    w.proxy.silence()
    await eventually('stream_stalled', () => r.of('stream_stalled').length > 0, 10_000)
    const [stalled] = r.of('stream_stalled')
    expect(stalled?.level).toBe('warn')
    expect(stalled?.fields).toMatchObject({ platform: 'hackernews', hung: 'the database', waitedSeconds: 3 })
    const since = String(stalled?.fields.since)
    expect(Number.isNaN(Date.parse(since))).toBe(false)

    const ready = await client(w.deps)('GET', '/readyz')
    expect(ready.status).toBe(503)
    expect(ready.body).toEqual({
      status: 'not_ready',
      reason: `the hackernews stream is stuck: the database has not answered it since ${since}`,
    })

    // It tries again (10 s later) in the same silence: no second warning, no error.
    await Bun.sleep(15_000)
    expect(r.of('stream_stalled')).toHaveLength(1)
    expect(r.of('stream_failed')).toEqual([])
    expect(JSON.stringify(r.lines)).not.toContain(w.token)
    expect(JSON.stringify(r.lines)).not.toContain('127.0.0.1')

    w.proxy.restart()
    await eventually('the stream again', () => r.of('stream_started').length > 1, 20_000)
    await eventually('ready', async () => (await client(w.deps)('GET', '/readyz')).status === 200, 10_000)
  }, 60_000)
})
