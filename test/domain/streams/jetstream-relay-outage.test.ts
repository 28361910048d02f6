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
// After a restart, what was read before is known by the stored position alone, a time on the clock of the instance it
// was read from: the first move to the other instance replayed posts read before the restart, timed by its own clock,
// and taken for new posts they ended the outage once.
const stops: (() => unknown)[] = []
afterEach(async () => {
  while (stops.length) await stops.pop()?.()
})

/** Two instances of one relay, and the stream reading them, as `serve` does, with short waits. */
async function twoInstances() {
  const [a, b] = [fakeJetstream(), fakeJetstream()]
  stops.push(a.stop, b.stop)
  const { deps, clock } = await testDeps({
    config: { platforms: { bluesky: { stream_url: [a.url, b.url] as never } } },
  })
  // A silence allowance of 1.5 s (30 s as served), and waits of 0.3 s after a failure (1 s, doubling, as served).
  const pace = { steadyMs: 1000, firstRetryMs: 300, settledMs: 1000 }
  const reader = (log: Logger) =>
    webUrlsOnly(createJetstreamReader(deps.config.platforms.bluesky, log, 1500, pace), log)
  /** The relay sends both instances the same posts, then nothing more: the time_us of the last on the first. */
  const relayed = () => {
    let lastUs = 0
    for (const text of ['One post.', 'Another post.']) {
      const rkey = `3k${text.length}`
      lastUs = a.post(text, 'did:plc:author1', rkey).time_us
      b.post(text, 'did:plc:author1', rkey)
    }
    return lastUs
  }
  /** Five minutes on, one outage named by /readyz; then a post neither instance sent before ends it. */
  const oneOutage = async (lines: string[]) => {
    clock.set(new Date(clock.now().getTime() + 6 * 60_000))
    const tried = a.connections.length + b.connections.length
    await eventually('another connection', () => a.connections.length + b.connections.length > tried + 1, 30_000)
    expect(lines.filter((l) => l === 'stream_recovered')).toEqual([])
    expect(lines.filter((l) => l === 'stream_read_failed')).toEqual(['stream_read_failed'])
    expect((await readiness(deps)).degraded ?? []).toEqual([
      expect.stringContaining('the bluesky stream has not read its platform since'),
    ])
    a.post('A post after the outage.')
    b.post('A post after the outage.')
    await eventually('the outage to end', () => lines.includes('stream_recovered'), 20_000)
    expect((await readiness(deps)).degraded).toBeUndefined()
  }
  return { a, b, deps, reader, relayed, oneOutage }
}

describe('Bluesky stream: both Jetstream instances stalled (their relay stopped)', () => {
  test('is one outage, named by /readyz after its 5 minutes, with no stream_recovered while it lasts', async () => {
    const { a, b, deps, reader, relayed, oneOutage } = await twoInstances()
    const lines = loggedStream(deps, reader, stops)
    await eventually('the reader to connect', () => a.clients() === 1)
    relayed()
    await eventually('the outage to begin', () => lines.includes('stream_read_failed'), 20_000)
    // Moves between the two instances, each replaying what was read and falling silent.
    await eventually('three more connections', () => a.connections.length + b.connections.length >= 5, 30_000)
    expect(b.connections.length).toBeGreaterThanOrEqual(2)
    await oneOutage(lines)
  }, 60_000)

  test('after a restart, the first move to the other instance replays what was read before: one outage', async () => {
    const { a, b, deps, reader, relayed, oneOutage } = await twoInstances()
    // The second instance's clock runs 2 s ahead of the first's (each times events by its own clock).
    b.skipUs(2_000_000)
    const before: (() => unknown)[] = []
    loggedStream(deps, reader, before)
    await eventually('the reader to connect', () => a.clients() === 1)
    const lastUs = relayed()
    await eventually(
      'the position stored',
      async () => (await deps.repos.streamPositions.get('bluesky'))?.position.startsWith(`${lastUs}/`) === true,
    )
    // serve restarts, the relay stopped longer than the silence allowance ago.
    await before.pop()?.()
    await Bun.sleep(2000)
    const lines = loggedStream(deps, reader, stops)
    await eventually('the outage to begin', () => lines.includes('stream_read_failed'), 20_000)
    await eventually('a move to the other instance and back', () => a.connections.length >= 3, 30_000)
    expect(b.connections.length).toBeGreaterThanOrEqual(1)
    await oneOutage(lines)
  }, 60_000)
})
