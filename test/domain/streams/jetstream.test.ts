import { afterEach, describe, expect, test } from 'bun:test'
import { platformStatus } from '../../../src/domain/sources/status'
import type { manualClock } from '../../support/clock'
import { BUYING, eventually, streamWorld } from '../../support/stream-world'
import { instanceOf } from '../../../src/platforms/bluesky/jetstream-cursor'

// The Bluesky stream against a fake that follows Jetstream's documented protocol (test/support/fake-streams.ts,
// docs/streams.md#which-platforms-stream).
const worlds: Awaited<ReturnType<typeof streamWorld>>[] = []
afterEach(async () => {
  while (worlds.length) await worlds.pop()?.close()
})
const world = async (a: Parameters<typeof streamWorld>[0] = {}) => {
  const w = await streamWorld(a)
  worlds.push(w)
  return w
}

describe('Bluesky stream (Jetstream)', () => {
  test('a matching post upstream becomes one signal and one delivery; others and other collections do not', async () => {
    const w = await world()
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    expect(w.jet.connections[0]?.searchParams.getAll('wantedCollections')).toEqual(['app.bsky.feed.post'])
    expect(w.jet.connections[0]?.searchParams.has('compress')).toBe(false)
    w.jet.like()
    w.jet.post('Lovely weather in Lisbon today.')
    const { uri } = w.jet.post(BUYING(1))
    await eventually('the delivery', () => w.received.length === 1)
    expect(await w.signals()).toEqual([{ platform: 'bluesky', postId: `bluesky:${uri}` }])
    expect(JSON.parse(w.received[0]?.body ?? '{}').data.signal.url).toBe(
      `https://bsky.app/profile/did:plc:author1/post/${uri.split('/').pop()}`,
    )
    await Bun.sleep(1200)
    expect(w.received.length).toBe(1)
    // Source health: the stream's figures (docs/streams.md#source-health).
    const { platforms } = await platformStatus(w.deps, { team: w.team, plan: w.deps.config.plans.scale } as never)
    const bluesky = platforms.find((p) => p.platform === 'bluesky')
    expect(bluesky).toMatchObject({ mode: 'stream', position: String(await w.position('bluesky')) })
    expect(bluesky?.stream).toMatchObject({ readLastHour: 2, matchedLastHour: 1, gap: null })
    expect(bluesky?.stream?.heardAt).not.toBeNull()
    expect(bluesky?.stream?.lagSeconds).toBeGreaterThanOrEqual(0)
  })

  test('a disconnect reconnects with the stored cursor rewound, and what was posted meanwhile arrives once', async () => {
    const w = await world()
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    const first = w.jet.post(BUYING(1))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    await eventually(
      'the position',
      async () => (await w.position('bluesky')) === `${first.time_us}/did:plc:author1@${instanceOf(w.jet.url)}`,
    )
    w.jet.dropAll()
    const missed = w.jet.post(BUYING(2))
    await eventually('the reconnection', () => w.jet.connections.length >= 2, 15_000)
    const cursor = Number(w.jet.connections[w.jet.connections.length - 1]?.searchParams.get('cursor'))
    // Rewound a few seconds before the last stored event, as the Jetstream README advises.
    expect(cursor).toBe(first.time_us - 5_000_000)
    await eventually('the missed signal', async () => (await w.signals()).length === 2)
    await eventually('both deliveries', () => w.received.length === 2)
    expect((await w.signals()).map((s) => s.postId).sort()).toEqual(
      [`bluesky:${first.uri}`, `bluesky:${missed.uri}`].sort(),
    )
  })

  test('a restart resumes from the stored cursor: nothing posted while stopped is lost, nothing is signalled twice', async () => {
    const w = await world()
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    await w.stop()
    for (let i = 2; i <= 4; i++) w.jet.post(BUYING(i))
    w.start()
    await eventually('every signal', async () => (await w.signals()).length === 4)
    await eventually('every delivery', () => w.received.length === 4)
    await Bun.sleep(1200)
    expect(w.received.length).toBe(4)
    const ids = w.received.map((r) => JSON.parse(r.body).data.signal.url)
    expect(new Set(ids).size).toBe(4)
  })

  test('a cursor older than the instance keeps is reported in source health as a gap', async () => {
    const w = await world({ keepUs: 1_000_000 })
    // A long outage, compressed: the first post is read two minutes ago, the second now (a clock moved ahead of this
    // server's instead would be an instance's clock that is wrong, which the position does not follow).
    w.jet.skipUs(-120_000_000)
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    await w.stop()
    w.jet.skipUs(120_000_000)
    w.jet.post(BUYING(2))
    w.start()
    await eventually('the gap', async () => Boolean((await w.deps.repos.streamPositions.get('bluesky'))?.gap))
    expect((await w.deps.repos.streamPositions.get('bluesky'))?.gap).toContain('after the stored cursor')
  })

  test('a post its author dated in the future does not stop source health from showing the stream behind', async () => {
    const w = await world()
    // The world's clock is now, and the instance sends what was posted a minute ago: the stream is a minute behind.
    ;(w.deps.clock as ReturnType<typeof manualClock>).set(new Date())
    w.jet.skipUs(-60_000_000)
    const lag = async () => {
      const { platforms } = await platformStatus(w.deps, { team: w.team, plan: w.deps.config.plans.scale } as never)
      return platforms.find((p) => p.platform === 'bluesky')?.stream?.lagSeconds
    }
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    expect(await lag()).toBeGreaterThanOrEqual(40)
    // A record's createdAt is the author's client's to write (docs/streams.md#source-health: lag is against upstream).
    w.jet.post('Greetings from the year 2099.', 'did:plc:timetraveller', undefined, '2099-01-01T00:00:00.000Z')
    const last = w.jet.post(BUYING(2))
    await eventually('the second signal', async () => (await w.signals()).length === 2)
    await eventually(
      'the position',
      async () => (await w.position('bluesky')) === `${last.time_us}/did:plc:author1@${instanceOf(w.jet.url)}`,
    )
    expect(await lag()).toBeGreaterThanOrEqual(40)
  })

  test('a post its author dated years ahead is stored as published when it was read (docs/platforms.md#overview)', async () => {
    const w = await world()
    const clock = w.deps.clock as ReturnType<typeof manualClock>
    clock.set('2026-11-20T08:00:00.000Z')
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1), 'did:plc:author1', undefined, '2062-11-20T08:00:00.000Z')
    await eventually('the signal', async () => (await w.signals()).length === 1)
    const rs = await w.deps.database.client.execute('select published_at from signals')
    expect(rs.rows.map((r) => r.published_at)).toEqual(['2026-11-20T08:00:00.000Z'])
  })

  test('an address that sends what is not an event and closes is a failure, tried again after a growing wait', async () => {
    // A first retry wait of 0.25 s instead of 1 s as served: the waits and the time watched are a quarter.
    const w = await world({ jetPace: { firstRetryMs: 250 } })
    w.jet.setGarbage(true)
    w.start()
    await eventually('the first connection', () => w.jet.connections.length >= 1)
    await Bun.sleep(1750)
    // Waits of 0.125-0.25, 0.25-0.5 and 0.5-1 s (docs/streams.md#outages: 0.5-1, 1-2, 2-4 s as served): at most five
    // connections in 1.75 s (waits that did not grow made one every quarter second, with a stream_disconnected
    // warning each).
    expect(w.jet.connections.length).toBeLessThanOrEqual(5)
    const health = (await w.deps.repos.platformHealth.list()).find((h) => h.platform === 'bluesky')
    expect(health?.lastError).toBe(
      'bluesky: Jetstream at ' + new URL(w.jet.url).host + ' sent something that is not an event',
    )
  })
})

describe('Bluesky stream: a message far larger than any event, that does not say which event it is', () => {
  test('is refused unread as a failed read, and the stream reads on after it', async () => {
    const w = await world()
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    // 5 MiB that does not start as a Jetstream event does (a hostile or broken address).
    w.jet.sendRaw(`${BUYING('huge')} ${'padding '.repeat(5 * 131_072)}`)
    const health = async () => (await w.deps.repos.platformHealth.list()).find((h) => h.platform === 'bluesky')
    await eventually('the failure in source health', async () => (await health())?.lastError != null)
    expect((await health())?.lastError).toBe(
      `bluesky: Jetstream at ${new URL(w.jet.url).host} sent a message of more than 4 MiB`,
    )
    await eventually('the reader to connect again', () => w.jet.connections.length === 2 && w.jet.clients() === 1)
    const { uri } = w.jet.post(BUYING('after'))
    await eventually('the post after it as the only signal', async () => (await w.signals()).length === 1)
    expect(await w.signals()).toEqual([{ platform: 'bluesky', postId: `bluesky:${uri}` }])
  }, 20_000)
})

describe('Bluesky stream: an event far larger than any post, after the stream has a position', () => {
  test('is passed over as a gap, not replayed and refused on every reconnection', async () => {
    const w = await world()
    w.start()
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING('first'))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    // A record's JSON can outgrow 4 MiB (control characters are written six bytes each); a PDS that does not check
    // records can publish one. Jetstream replays it on each reconnection from a cursor 5 s back.
    w.jet.post(`${BUYING('huge')} ${'padding '.repeat(5 * 131_072)}`)
    const { uri } = w.jet.post(BUYING('after'))
    await eventually('the post after it', async () => (await w.signals()).length === 2, 15_000)
    expect((await w.signals()).map((s) => s.postId)).toContain(`bluesky:${uri}`)
    const stored = await w.deps.repos.streamPositions.get('bluesky')
    expect(stored?.gap).toContain('more than 4 MiB')
    // Jetstream is asked not to send such an event at all (its maxMessageSizeBytes option).
    expect(w.jet.connections[0]?.searchParams.get('maxMessageSizeBytes')).toBe(String(4 * 1024 * 1024))
  }, 30_000)
})

describe('Bluesky stream: a store that fails', () => {
  test('the stream starts again once the database works, and reads what it could not store', async () => {
    const w = await world()
    const { client } = w.deps.database
    // Started again 1 s after it stops (10 s as served, docs/streams.md#resuming).
    w.start({ restartMs: 1000 })
    await eventually('the reader to connect', () => w.jet.clients() === 1)
    w.jet.post(BUYING(1))
    await eventually('the first signal', async () => (await w.signals()).length === 1)
    // The stream's position cannot be written for a moment (a locked or full database, here a renamed table).
    await client.execute('alter table stream_positions rename to stream_positions_away')
    w.jet.post(BUYING(2))
    await Bun.sleep(1500)
    await client.execute('alter table stream_positions_away rename to stream_positions')
    w.jet.post(BUYING(3))
    await eventually('every signal', async () => (await w.signals()).length === 3, 25_000)
  }, 30_000)
})
