import { afterEach, describe, expect, test } from 'bun:test'
import type { Logger } from '../../../src/lib/log'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
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

describe('Bluesky stream: moving to an instance whose clock runs 3 minutes behind', () => {
  test('its new posts are new (not reread); what it replays of posts read before is reread', async () => {
    const [a, b] = [fakeJetstream(), fakeJetstream()]
    b.skipUs(-180_000_000)
    stops.push(a.stop, b.stop)
    const config = testConfig({ platforms: { bluesky: { stream_url: [a.url, b.url] as never } } })
    const handed: { text: string; reread: boolean }[] = []
    const { sink } = recordingSink()
    sink.item = (m, _position, flags) => handed.push({ text: m.content, reread: flags?.reread === true })
    const stop = new AbortController()
    stops.push(() => stop.abort())
    // A silence allowance of 1.5 s (30 s as served); a moved connection's clock told after 1 s (10 s as served).
    const pace = { steadyMs: 1000, firstRetryMs: 300, settledMs: 1000 }
    void createJetstreamReader(config.platforms.bluesky, quiet, 1500, pace).read(null, sink, stop.signal)
    await eventually('the first instance', () => a.clients() === 1)
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
    const [a, b] = [fakeJetstream(), fakeJetstream()]
    // The second instance's clock runs 4 s ahead: its replay is timed after what was read from the first.
    b.skipUs(4_000_000)
    stops.push(a.stop, b.stop)
    const config = testConfig({ platforms: { bluesky: { stream_url: [a.url, b.url] as never } } })
    const { got, sink } = recordingSink()
    const heard: { position?: string; reread?: boolean }[] = []
    sink.heard = (flags) => {
      if (flags?.position !== undefined) heard.push(flags)
    }
    const stop = new AbortController()
    stops.push(() => stop.abort())
    const pace = { steadyMs: 1000, firstRetryMs: 300, settledMs: 1000 }
    void createJetstreamReader(config.platforms.bluesky, quiet, 1500, pace).read(null, sink, stop.signal)
    await eventually('the first instance', () => a.clients() === 1)
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
