import { afterAll, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { instanceOf } from '../../../src/platforms/bluesky/jetstream-cursor'
import type { Logger } from '../../../src/lib/log'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// Each Jetstream instance times events by its own clock (time_us), so a cursor read from one names another moment on
// the next; the README advises rewinding a few seconds on a reconnection (github.com/bluesky-social/jetstream,
// "Consuming Jetstream"). Moving to an instance whose clock is more than that rewind behind the first one's asked it
// for what came after the events the first had not sent yet: those were never read (docs/streams.md#resuming).
// The tests run side by side, each on fakes of its own, mostly waiting on timers (docs/performance.md#the-tests-time);
// what they started stops once all have ended, not under the others (an afterEach).
const stops: (() => void)[] = []
afterAll(() => {
  while (stops.length) stops.pop()?.()
})

const quiet = { info() {}, warn() {}, error() {} } as unknown as Logger
// How long a moved connection reads before its clock is told: 10 s as served (jetstream-clock.ts), 2 s here.
const SETTLED_MS = 2000

/** Two instances, the second's clock `behindUs` behind the first's; the reader starts on the first. */
async function twoClocks(behindUs: number) {
  const a = fakeJetstream()
  const b = fakeJetstream()
  b.skipUs(-behindUs)
  stops.push(a.stop, b.stop)
  const config = testConfig({ platforms: { bluesky: { stream_url: [a.url, b.url] as never } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  stops.push(() => stop.abort())
  void createJetstreamReader(config.platforms.bluesky, quiet, undefined, { settledMs: SETTLED_MS }).read(
    null,
    sink,
    stop.signal,
  )
  await eventually('the first instance', () => a.clients() === 1)
  a.post('Read from both.', 'did:plc:author1', 'rkey1')
  b.post('Read from both.', 'did:plc:author1', 'rkey1')
  await eventually('the first post', () => got.mentions.length === 1)
  // The first instance goes down before it sends the next post; the second has it, timed by its own clock.
  a.setRefusal(503)
  a.dropAll()
  b.post('Only the second instance sent this.', 'did:plc:author1', 'rkey2')
  await eventually('the second instance', () => b.clients() === 1, 10_000)
  const read = (text: string) => got.mentions.some((m) => m.content === text)
  return { a, b, got, read }
}

describe('Bluesky stream: moving to an instance whose clock is behind', () => {
  test.concurrent('by 20 s: what the first instance had not sent is read from the second', async () => {
    const w = await twoClocks(20_000_000)
    await eventually('the post only the second instance sent', () => w.read('Only the second instance sent this.'))
    expect(w.got.gaps).toEqual([])
  }, 20_000)

  test.concurrent('by more than the rewind on a move: once its clock is known, the second instance is read again from the position', async () => {
    const w = await twoClocks(150_000_000)
    // Once the second instance has been read for a while, its clock is known, and what its rewind missed is read back.
    await Bun.sleep(SETTLED_MS + 500)
    w.b.post('Read live from the second instance.')
    await eventually('the post only the second instance sent', () => w.read('Only the second instance sent this.'))
    await eventually('the live post', () => w.read('Read live from the second instance.'))
    expect(w.got.gaps).toEqual([])
    expect(Number(w.b.connections[w.b.connections.length - 1]?.searchParams.get('cursor'))).toBeLessThan(
      Date.now() * 1000 - 150_000_000,
    )
    // The live post, read before the read back and again in it, is handed on again: the runner passes it over.
    // The position steps back on that instance's clock as the read back starts, and stands for what it has read: had it
    // stayed at the live post, a restart in the middle of the read back would pass over what it had still to read.
    const onB = w.got.positions
      .filter((p) => p.endsWith(`@${instanceOf(w.b.url)}`))
      .map((p) => Number(p.split(/[/@]/)[0]))
    const missed = onB.findIndex((us, i) => i > 0 && us < (onB[i - 1] as number))
    expect(missed).toBeGreaterThan(0)
    expect(Math.max(...onB.slice(0, missed))).toBeGreaterThan(onB[missed] as number)
  }, 30_000)

  test.concurrent('by more than an hour: not read back; source health names the clocks and the posts that may be lost', async () => {
    const w = await twoClocks(2 * 3_600_000_000)
    await Bun.sleep(SETTLED_MS + 500)
    w.b.post('Read live from the second instance.')
    await eventually('the live post', () => w.read('Read live from the second instance.'))
    expect(w.got.gaps).toEqual([expect.stringMatching(/times events 7\d\d\d s behind .* may not have been read/)])
  }, 30_000)
})
