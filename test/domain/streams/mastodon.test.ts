import { afterEach, describe, expect, test } from 'bun:test'
import { fakeMastodon } from '../../support/fake-streams'
import { mastodonStreamWorld } from '../../support/mastodon-world'
import { BUYING, eventually } from '../../support/stream-world'
import { REFUSED_ORIGIN } from '../../support/refused'
import { endlessEvents } from '../../support/endless-events'

// The Mastodon stream against a fake of the documented streaming API (server-sent events) and timeline
// (test/support/fake-streams.ts, docs/streams.md#which-platforms-stream).
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

// Server-sent events only: with `auto` an answer that is not events is read again as a WebSocket (mastodon-websocket).
const mastodonWorld = (masto: ReturnType<typeof fakeMastodon>, streamUrl = '') =>
  mastodonStreamWorld(masto, cleanups, streamUrl, undefined, 'sse')

describe('Mastodon stream (server-sent events)', () => {
  test('an update becomes one signal and delivery; a dropped stream reads what it missed from the timeline', async () => {
    const masto = fakeMastodon('tok')
    const { deps, receiver, signals } = await mastodonWorld(masto)
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.heartbeat()
    masto.post('A quiet morning at the harbour.')
    const first = masto.post(BUYING(1))
    await eventually('the first signal', async () => (await signals()) === 1)
    masto.dropAll()
    const missed = masto.post(BUYING(2))
    await eventually('the missed signal', async () => (await signals()) === 2, 15_000)
    await eventually('both deliveries', () => receiver.received.length === 2)
    const urls = receiver.received.map((r) => JSON.parse(r.body).data.signal.url).sort()
    expect(urls).toEqual([first.url, missed.url].sort())
    expect(masto.connections.length).toBeGreaterThanOrEqual(2)
    expect(await deps.repos.streamPositions.get('mastodon')).toMatchObject({ position: missed.id })
  }, 30_000)

  test('a status posted while the reader reconnects to the streaming API is read', async () => {
    const masto = fakeMastodon('tok')
    const { receiver, signals } = await mastodonWorld(masto)
    await eventually('the stream to connect', () => masto.clients() === 1)
    const first = masto.post(BUYING(1))
    await eventually('the first signal', async () => (await signals()) === 1)
    // After the missed statuses were read from the timeline and before the streaming connection opens again: it is
    // on neither, unless the timeline is read once the connection is open.
    let between: { url: string } | undefined
    masto.beforeConnect(() => {
      between ??= masto.post(BUYING(2))
    })
    masto.dropAll()
    await eventually('the stream to connect again', () => masto.clients() === 1 && between !== undefined)
    const after = masto.post(BUYING(3))
    await eventually('three signals', async () => (await signals()) === 3, 10_000)
    await eventually('three deliveries', () => receiver.received.length === 3)
    const urls = receiver.received.map((r) => JSON.parse(r.body).data.signal.url).sort()
    expect(urls).toEqual([first.url, between?.url, after.url].sort())
  }, 30_000)

  test('heartbeats on a quiet timeline are heard: heardAt and the last success move without a status', async () => {
    const masto = fakeMastodon('tok')
    // A position to store: on a timeline that lists nothing the stream has none until its first status.
    masto.post('The last status in a while.')
    const { deps, clock } = await mastodonWorld(masto)
    await eventually('the stream to connect', () => masto.clients() === 1)
    await eventually('the position stored', async () => (await deps.repos.streamPositions.get('mastodon')) != null)
    // Ten minutes on a hashtag hardly anybody uses: the streaming server writes a `:thump` line every 15 s and nothing
    // else.
    const later = new Date(clock.now().getTime() + 10 * 60_000)
    clock.set(later)
    masto.heartbeat()
    await eventually(
      'heardAt to move',
      async () => (await deps.repos.streamPositions.get('mastodon'))?.heardAt === later.toISOString(),
      10_000,
    )
    const [health] = await deps.repos.platformHealth.list()
    expect(health?.lastSuccessAt).toBe(later.toISOString())
  }, 30_000)

  test('a catch-up reads at most 400 missed statuses, then names the gap and reads on from the newest', async () => {
    const masto = fakeMastodon('tok')
    const { deps, signals } = await mastodonWorld(masto)
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.post(BUYING(1))
    await eventually('the first signal', async () => (await signals()) === 1)
    masto.dropAll()
    // Ten full pages of 40 and one status more: the eleventh page is past what docs/streams.md promises to read.
    for (let i = 0; i < 401; i++) masto.post(`A quiet morning at the harbour, number ${i}.`)
    const last = masto.post('The newest status of all.')
    await eventually('the gap', async () => (await deps.repos.streamPositions.get('mastodon'))?.gap != null, 15_000)
    const stored = await deps.repos.streamPositions.get('mastodon')
    expect(stored?.gap).toContain('more than 400 statuses')
    expect(stored?.position).toBe(last.id)
  }, 30_000)
  // docs.joinmastodon.org/methods/streaming: an instance publishes its streaming host as a ws(s): address, which an
  // operator copies into stream_url; it was refused (only http(s) was taken) and serve did not start.
  test('a stream_url written as the instance publishes it (ws: or wss:) is read over http(s)', async () => {
    const masto = fakeMastodon('tok')
    masto.beforeConnect(() => {
      throw new Error('the instance was asked where the streaming API is, though stream_url names it')
    })
    const { signals } = await mastodonWorld(masto, masto.streamingUrl)
    await eventually('the stream to connect', () => masto.clients() === 1)
    masto.post(BUYING(1))
    await eventually('the signal', async () => (await signals()) === 1)
  }, 30_000)

  test('a streaming connection that ends as it opens is a failure, tried again after a growing wait', async () => {
    const masto = fakeMastodon('tok')
    masto.setEndAtOnce(true)
    // A first retry wait of 0.25 s instead of 1 s as served: the waits and the time watched are a quarter.
    const { deps } = await mastodonStreamWorld(masto, cleanups, '', undefined, 'auto', { firstRetryMs: 250 })
    await eventually('the first connection', () => masto.connections.length >= 1)
    await Bun.sleep(1750)
    // Waits of 0.125-0.25, 0.25-0.5 and 0.5-1 s (docs/streams.md#outages: 0.5-1, 1-2, 2-4 s as served): at most five
    // connections in 1.75 s (waits that did not grow made 8-14, each after reading the timeline again).
    expect(masto.connections.length).toBeLessThanOrEqual(5)
    const [health] = await deps.repos.platformHealth.list()
    expect(health?.lastError).toBe('mastodon streaming API closed the connection as it opened')
  }, 30_000)

  test('a streaming address that answers an error status says which status in source health', async () => {
    const masto = fakeMastodon('tok')
    // The instance itself does not serve the streaming API (it has a host of its own): 404.
    const { deps } = await mastodonWorld(masto, masto.url)
    const health = async () => (await deps.repos.platformHealth.list())[0]
    await eventually('a failure', async () => (await health())?.lastError != null)
    expect((await health())?.lastError).toBe('mastodon streaming API answered with status 404')
  }, 30_000)

  test('a streaming address that cannot be reached says so in source health', async () => {
    const masto = fakeMastodon('tok')
    // A port nothing listens on: the timeline answers, the streaming connection is refused.
    const { deps } = await mastodonWorld(masto, REFUSED_ORIGIN)
    const health = async () => (await deps.repos.platformHealth.list())[0]
    await eventually('a failure', async () => (await health())?.lastError != null)
    expect((await health())?.lastError).toBe('mastodon streaming API could not be reached')
  }, 30_000)

  test('a streaming address that answers a web page says so in source health', async () => {
    const masto = fakeMastodon('tok')
    const page = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: () => new Response('<!doctype html>\n\n<p>hi</p>\n\n', { headers: { 'content-type': 'text/html' } }),
    })
    cleanups.push(() => page.stop(true))
    const { deps } = await mastodonWorld(masto, `http://127.0.0.1:${page.port}`)
    const health = async () => (await deps.repos.platformHealth.list())[0]
    await eventually('a failure', async () => (await health())?.lastError != null)
    expect((await health())?.lastError).toBe(
      'mastodon streaming API answered with something other than server-sent events',
    )
  }, 30_000)

  test('a status from another server that arrives after newer ones is read', async () => {
    const masto = fakeMastodon('tok')
    const { deps, receiver, signals } = await mastodonWorld(masto)
    await eventually('the stream to connect', () => masto.clients() === 1)
    const local = masto.post(BUYING(1))
    // Published 5 s ago elsewhere, it arrives now: its id is below the one just read.
    const remote = masto.post(BUYING(2), 'bo@elsewhere.example', 5)
    expect(BigInt(remote.id) < BigInt(local.id)).toBe(true)
    await eventually('both signals', async () => (await signals()) === 2, 10_000)
    await eventually('both deliveries', () => receiver.received.length === 2)
    // The position stays at the highest id read: the next catch-up reads after it.
    expect(await deps.repos.streamPositions.get('mastodon')).toMatchObject({ position: local.id })
  }, 30_000)

  test('a streaming answer that never ends its event is refused once it passes 1 MiB, not held in memory', async () => {
    const masto = fakeMastodon('tok')
    // 64 MiB at most, one line at a time, never the blank line that ends an event.
    const endless = endlessEvents(new TextEncoder().encode(`data: ${'x'.repeat(64 * 1024)}\n`), 1024)
    cleanups.push(endless.stop)
    const { deps } = await mastodonWorld(masto, endless.url)
    const health = async () => (await deps.repos.platformHealth.list())[0]
    await eventually('a failure', async () => (await health())?.lastError != null)
    expect((await health())?.lastError).toBe('mastodon streaming API sent an event of more than 1 MiB')
    // It let go of the connection after the first MiB: the server wrote no more than the socket's buffers hold past it.
    expect(endless.sent()).toBeLessThan(512)
  }, 30_000)
})
