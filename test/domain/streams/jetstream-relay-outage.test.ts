import { afterEach, describe, expect, test } from 'bun:test'
import { readiness } from '../../../src/domain/health/readiness'
import type { Logger } from '../../../src/lib/log'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { webUrlsOnly } from '../../../src/platforms/streams'
import { testDeps } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { loggedStream } from '../../support/outage-world'
import { eventually } from '../../support/stream-world'

// docs/streams.md#outages: when the relay behind both of the default configuration's Jetstream addresses stops, each
// instance still takes a connection and replays the rewind (posts already read), then falls silent. Each move to the
// other instance took its replay for activity and ended the outage: the log went stream_read_failed, stream_recovered,
// again and again (about 40 lines an hour), and GET /readyz never named the stream, however long the relay was down.
const stops: (() => unknown)[] = []
afterEach(async () => {
  while (stops.length) await stops.pop()?.()
})

describe('Bluesky stream: both Jetstream instances stalled (their relay stopped)', () => {
  test('is one outage, named by /readyz after its 5 minutes, with no stream_recovered while it lasts', async () => {
    const [a, b] = [fakeJetstream(), fakeJetstream()]
    stops.push(a.stop, b.stop)
    const { deps, clock } = await testDeps({
      config: { platforms: { bluesky: { stream_url: [a.url, b.url] as never } } },
    })
    // A silence allowance of 1.5 s (30 s as served), and waits of 0.3 s after a failure (1 s, doubling, as served).
    const pace = { steadyMs: 1000, firstRetryMs: 300, settledMs: 1000 }
    const reader = (log: Logger) =>
      webUrlsOnly(createJetstreamReader(deps.config.platforms.bluesky, log, 1500, pace), log)
    const lines = loggedStream(deps, reader, stops)
    await eventually('the reader to connect', () => a.clients() === 1)
    // The relay sends both instances the same posts, then nothing more.
    for (const text of ['One post.', 'Another post.']) {
      const rkey = `3k${text.length}`
      a.post(text, 'did:plc:author1', rkey)
      b.post(text, 'did:plc:author1', rkey)
    }
    await eventually('the outage to begin', () => lines.includes('stream_read_failed'), 20_000)
    // Moves between the two instances, each replaying what was read and falling silent.
    await eventually('three more connections', () => a.connections.length + b.connections.length >= 5, 30_000)
    expect(b.connections.length).toBeGreaterThanOrEqual(2)
    clock.set(new Date(clock.now().getTime() + 6 * 60_000))
    const tried = a.connections.length + b.connections.length
    await eventually('another connection', () => a.connections.length + b.connections.length > tried + 1, 30_000)
    expect(lines.filter((l) => l === 'stream_recovered')).toEqual([])
    expect(lines.filter((l) => l === 'stream_read_failed')).toEqual(['stream_read_failed'])
    expect((await readiness(deps)).degraded ?? []).toEqual([
      expect.stringContaining('the bluesky stream has not read its platform since'),
    ])
    // The relay sends again: a post neither instance sent before ends the outage.
    a.post('A post after the outage.')
    b.post('A post after the outage.')
    await eventually('the outage to end', () => lines.includes('stream_recovered'), 20_000)
    expect((await readiness(deps)).degraded).toBeUndefined()
  }, 60_000)
})
