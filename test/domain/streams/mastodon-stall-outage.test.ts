import { afterEach, describe, expect, test } from 'bun:test'
import { readiness } from '../../../src/domain/health/readiness'
import type { Logger } from '../../../src/lib/log'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { webUrlsOnly } from '../../../src/platforms/streams'
import { testDeps } from '../../support/deps'
import { fakeMastodon } from '../../support/fake-streams'
import { loggedStream } from '../../support/outage-world'
import { eventually } from '../../support/stream-world'

// docs/streams.md#outages: a streaming server that lost its feed of statuses keeps each connection alive with
// heartbeats (docs.joinmastodon.org/methods/streaming, "About HTTP server-sent events") while the timeline
// (docs.joinmastodon.org/methods/timelines) lists what it did not send. Each reconnection's catch-up read those
// statuses from the timeline and that ended the outage: the log went stream_read_failed, stream_recovered about 11
// times an hour, and GET /readyz never named the stream, however long the streaming server stayed stalled.
const stops: (() => unknown)[] = []
afterEach(async () => {
  while (stops.length) await stops.pop()?.()
})

describe('Mastodon stream: a streaming server that stays stalled', () => {
  test('is one outage, named by /readyz after its 5 minutes, which a status streamed again ends', async () => {
    const masto = fakeMastodon('tok')
    stops.push(masto.stop)
    const beat = setInterval(() => masto.heartbeat(), 100)
    stops.push(() => clearInterval(beat))
    const mastodon = { base_url: masto.url, access_token: 'tok', mode: 'stream' as const, stream_transport: 'sse' }
    const { deps, clock } = await testDeps({ config: { platforms: { mastodon: mastodon as never } } })
    // A quiet allowance of 1 s (5 min as served), 0.3 s of grace (30 s) and waits of 0.1 s after a failure (1 s).
    const pace = { quietMs: 1000, graceMs: 300, firstRetryMs: 100, steadyMs: 500 }
    const reader = (log: Logger) =>
      webUrlsOnly(createMastodonStream(deps.config.platforms.mastodon, undefined, pace), log)
    const lines = loggedStream(deps, reader, stops)
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.post('Streamed as it is posted.')
    await Bun.sleep(300)
    // The streaming server stalls while statuses go on reaching the timeline.
    masto.setStalled(true)
    const posting = setInterval(() => masto.post('Listed on the timeline, never streamed.'), 400)
    stops.push(() => clearInterval(posting))
    await eventually('the outage to begin', () => lines.includes('stream_read_failed'), 20_000)
    await eventually('three more connections', () => masto.connections.length >= 4, 30_000)
    clock.set(new Date(clock.now().getTime() + 6 * 60_000))
    const tried = masto.connections.length
    await eventually('another connection', () => masto.connections.length > tried, 30_000)
    expect(lines.filter((l) => l === 'stream_recovered')).toEqual([])
    expect(lines.filter((l) => l === 'stream_read_failed')).toEqual(['stream_read_failed'])
    expect((await readiness(deps)).degraded ?? []).toEqual([
      expect.stringContaining('the mastodon stream has not read its platform since'),
    ])
    // The streaming server sends statuses again: one streamed ends the outage.
    clearInterval(posting)
    masto.setStalled(false)
    masto.post('Streamed again.')
    await eventually('the outage to end', () => lines.includes('stream_recovered'), 20_000)
    expect((await readiness(deps)).degraded).toBeUndefined()
  }, 60_000)
})
