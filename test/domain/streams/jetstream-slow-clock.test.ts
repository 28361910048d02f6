import { afterEach, describe, expect, test } from 'bun:test'
import type { Logger } from '../../../src/lib/log'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#outages: an event read before (a move's replay) is handed on as `reread`, which does not end an
// outage. Each Jetstream instance times events by its own clock (github.com/bluesky-social/jetstream, README "Consuming
// Jetstream": time_us is the instance's), so an instance whose clock runs minutes behind the other's sends new posts
// timed before the latest one read from the other. Judged by time alone, they were all taken for a replay.
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const quiet = { info() {}, warn() {}, error() {} } as unknown as Logger

/**
 * Two fake instances, the second's clock `skewUs` off the first's, read into a recording sink (which `adapt` changes
 * first) from the first. A silence allowance of 1.5 s (30 s as served); a moved connection's clock is told after
 * `settledMs` (10 s as served).
 */
async function twoInstances(skewUs: number, settledMs: number, adapt?: (sink: StreamSink) => void) {
  const [a, b] = [fakeJetstream(), fakeJetstream()]
  b.skipUs(skewUs)
  stops.push(a.stop, b.stop)
  const config = testConfig({ platforms: { bluesky: { stream_url: [a.url, b.url] as never } } })
  const { got, sink } = recordingSink()
  adapt?.(sink)
  const stop = new AbortController()
  stops.push(() => stop.abort())
  const pace = { steadyMs: 1000, firstRetryMs: 300, settledMs }
  void createJetstreamReader(config.platforms.bluesky, quiet, 1500, pace).read(null, sink, stop.signal)
  await eventually('the first instance', () => a.clients() === 1)
  return { a, b, got }
}

describe('Bluesky stream: moving to an instance whose clock runs 3 minutes behind', () => {
  test('its new posts are new (not reread); what it replays of posts read before is reread', async () => {
    const handed: { text: string; reread: boolean }[] = []
    const { a, b } = await twoInstances(-180_000_000, 1000, (sink) => {
      sink.item = (m, _position, flags) => handed.push({ text: m.content, reread: flags?.reread === true })
    })
    a.post('Sent by both.', 'did:plc:author1', 'rkey1')
    b.post('Sent by both.', 'did:plc:author1', 'rkey1')
    await eventually('the first post', () => handed.length === 1)
    // The first instance's feed stalls; the second's goes on, its posts timed by its clock.
    await eventually('the move to the second instance', () => b.clients() === 1, 10_000)
    const onlyB = ['First on the second.', 'Second on the second.', 'Third on the second.']
    for (const [i, text] of onlyB.entries()) {
      b.post(text, 'did:plc:author2', `rkeyB${i}`)
      await Bun.sleep(800)
    }
    await eventually('the posts of the second instance', () => onlyB.every((t) => handed.some((h) => h.text === t)))
    // Each post first handed on is new, whatever the clock that timed it; it ends an outage.
    for (const text of onlyB) expect(handed.find((h) => h.text === text)).toEqual({ text, reread: false })
    // The first post again (the read back of the instance whose clock is behind) is a replay.
    const again = handed.filter((h) => h.text === 'Sent by both.').slice(1)
    expect(again.length).toBeGreaterThan(0)
    expect(again.every((h) => h.reread)).toBe(true)
  }, 30_000)
})

// docs/streams.md#outages: an event of more than 4 MiB is not decoded; when it starts as an event does, it is passed
// over as a gap. A move's replay of it is an event read before, as any other.
describe('Bluesky stream: an event of more than 4 MiB that a move replays', () => {
  test('is reread, and told as a gap once', async () => {
    const heard: { position?: string; reread?: boolean }[] = []
    // The second instance's clock runs 4 s ahead: its replay is timed after what was read from the first.
    const { a, b, got } = await twoInstances(4_000_000, 1000, (sink) => {
      sink.heard = (flags) => {
        if (flags?.position !== undefined) heard.push(flags)
      }
    })
    // A record a PDS did not check, far larger than a post; both instances have it.
    const huge = `Huge. ${'padding '.repeat(5 * 131_072)}`
    for (const jet of [a, b]) jet.post(huge, 'did:plc:author1', 'rkeyHuge')
    await eventually('the event passed over', () => heard.length === 1)
    expect(heard[0]?.reread).toBeFalsy()
    // The first instance's feed stalls; the move to the second replays its last minute, the large event with it.
    await eventually('the move', () => b.connections.length >= 1, 15_000)
    await eventually('the replay of the large event', () => heard.length >= 2, 15_000)
    expect(heard.slice(1).every((h) => h.reread === true)).toBe(true)
    expect(got.gaps.filter((g) => g.includes('more than 4 MiB'))).toHaveLength(1)
  }, 30_000)
})

// docs/streams.md#outages: a connection taken as dead after its silence is a failed read ("sent nothing new") only
// when all it sent was a replay of what was read before; one that sent new posts was reading, and is a disconnection.
describe('Bluesky stream: an instance whose clock runs 3 minutes behind sends new posts, then falls silent', () => {
  test('is a disconnection, not a failed read saying it sent nothing new', async () => {
    // Its clock is not told within the test (10 s as served), so no read back comes between.
    const { a, b, got } = await twoInstances(-180_000_000, 60_000)
    a.post('Read from the first.', 'did:plc:author1', 'rkeyA')
    await eventually('the first post', () => got.mentions.length === 1)
    await eventually('the move to the second instance', () => b.clients() === 1, 10_000)
    b.post('New on the second.', 'did:plc:author2', 'rkeyB1')
    b.post('Newer on the second.', 'did:plc:author2', 'rkeyB2')
    await eventually('its posts', () => got.mentions.length === 3)
    // Silent from here: the connection is let go after 1.5 s, and the reader moves on.
    await eventually('the connection let go', () => b.clients() === 0 && a.connections.length >= 2, 10_000)
    expect(got.failures).toEqual([])
  }, 30_000)
})
