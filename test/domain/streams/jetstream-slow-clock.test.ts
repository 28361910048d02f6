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
