import { afterEach, describe, expect, test } from 'bun:test'
import { mastodonReading } from '../../support/mastodon-reading'
import { eventually } from '../../support/stream-world'

// The catch-up reads on from the newest status id read (`min_id`). A timeline that listed nothing (an empty hashtag, or
// an answer that came back empty for a moment) has no newest id: '0' stored for it, the stream started again read the
// timeline from its oldest statuses, up to 400 of them, as new (docs/streams.md#resuming).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** The catch-ups the sink was told of (`heard` with caughtUp). */
const counting = (n: { caughtUp: number }) => (sink: { heard: (a?: { caughtUp?: boolean }) => void }) => {
  const heard = sink.heard
  sink.heard = (a) => {
    if (a?.caughtUp) n.caughtUp++
    heard(a)
  }
}

/** Once connected and caught up, a status posted live: the only one `got` holds a little later. */
async function onlyLive(
  masto: ReturnType<typeof mastodonReading>['masto'],
  got: ReturnType<typeof mastodonReading>['got'],
  n: { caughtUp: number },
) {
  await eventually('the connection and its catch-up', () => masto.clients() === 1 && n.caughtUp === 1)
  const live = masto.post('Live.')
  await eventually('the live status', () => got.mentions.length >= 1)
  await Bun.sleep(200)
  expect(got.mentions.map((m) => m.content)).toEqual(['Live.'])
  return live
}

describe('Mastodon stream on an empty timeline', () => {
  test("the catch-up stores no position '0'; the first status read becomes the position", async () => {
    const n = { caughtUp: 0 }
    const { masto, got } = mastodonReading(stops, { adapt: counting(n) })
    await eventually('the connection and its catch-up', () => masto.clients() === 1 && n.caughtUp === 1)
    expect(got.positions).toEqual([])
    const first = masto.post('The first status.')
    await eventually('the status', () => got.mentions.length === 1)
    expect(got.positions).toEqual([first.id])
  }, 30_000)

  test("a position '0' stored by an earlier version reads on from now, not from the oldest statuses", async () => {
    const n = { caughtUp: 0 }
    const { masto, got } = mastodonReading(stops, {
      from: '0',
      before: (m) => {
        for (const i of [1, 2, 3]) m.post(`Old status ${i}.`)
      },
      adapt: counting(n),
    })
    const live = await onlyLive(masto, got, n)
    // From the newest status listed when it connected.
    expect(got.positions).toEqual([(BigInt(live.id) - 1000n).toString(), live.id])
    expect(got.gaps).toEqual(['the stored mastodon position could not be read; reading on from now'])
  }, 30_000)

  test('a timeline whose newest page cannot be read is not taken for empty: nothing older is read', async () => {
    const n = { caughtUp: 0 }
    const { masto, got } = mastodonReading(stops, {
      before: (m) => {
        for (const i of [1, 2]) m.post(`Old status ${i}.`)
        // A page of 40 listed, none a status this reader can read (no account).
        for (let i = 0; i < 40; i++) Object.assign(m.post(`Unreadable ${i}.`), { account: null })
      },
      adapt: counting(n),
    })
    const live = await onlyLive(masto, got, n)
    expect(got.positions.at(-1)).toBe(live.id)
    expect(got.positions).not.toContain('0')
  }, 30_000)
})
