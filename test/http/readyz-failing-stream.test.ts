import { afterEach, describe, expect, test } from 'bun:test'
import { streamReadyz } from '../support/stream-readyz'
import { BUYING, eventually, streamWorld } from '../support/stream-world'

// docs/streams.md#resuming: a stream whose storing fails stops, logs stream_failed and starts again 10 s later from its
// stored position. When it fails each time (a table the stream writes that the database cannot write, while the rest
// of it, readiness's probe included, can), it read its platform over and over and stored nothing, and /readyz said
// ready with nothing degraded: only the log's stream_failed lines told it.
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})

describe('GET /readyz while a stream fails and starts again, over and over', () => {
  test('stays 200, names the stream as degraded past 5 minutes, and stops once it stores again', async () => {
    const failed: unknown[] = []
    const log = { info() {}, warn() {}, error: (event: string, f: unknown) => failed.push([event, f]) } as never
    // Hacker News polled every second (5 s as served).
    const w = await streamWorld({ streams: ['hackernews'], log, hnPace: { pollMs: 1000 } })
    worlds.push(w)
    const { start, later, ready } = streamReadyz(w, 'hackernews')
    const first = w.hn.story('Ask HN: what do you read on Sundays?')
    // Started again 1 s after each stop (10 s as served).
    w.start({ restartMs: 1000 })
    await eventually('the first position', async () => (await w.position('hackernews')) === String(first))
    // The stream's positions cannot be written (as a damaged table would refuse them); the rest of the database can.
    await w.deps.database.client.execute('alter table stream_positions rename to stream_positions_away')
    w.hn.story(BUYING('while the table is away'))
    await eventually('stream_failed', () => failed.length > 0, 15_000)
    expect(await ready()).toEqual([])
    later(6 * 60_000)
    const [degraded, ...more] = await ready()
    expect(more).toEqual([])
    expect(degraded).toContain(start.toISOString().slice(0, 16))
    expect(degraded).toContain('stream_failed')

    await w.deps.database.client.execute('alter table stream_positions_away rename to stream_positions')
    const next = w.hn.story(BUYING('after'))
    await eventually('stored again', async () => (await w.position('hackernews')) === String(next), 20_000)
    expect(await ready()).toEqual([])
  }, 40_000)
})
