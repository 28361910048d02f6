import { afterEach, describe, expect, test } from 'bun:test'
import { createMastodonStream } from '../../../src/platforms/mastodon/stream'
import { testConfig } from '../../support/deps'
import { fakeFediverse, type IdScheme, type Software } from '../../support/fake-fediverse'
import { silentProxy } from '../../support/silent-proxy'
import { eventually, recordingSink } from '../../support/stream-world'

// GoToSocial, Pleroma and Akkoma serve the streaming API only over WebSocket (docs.joinmastodon.org/methods/streaming
// #websocket; GoToSocial's API documents, Pleroma's "Differences in Mastodon API responses"): the stream, told only
// to read server-sent events, failed on them. `stream_transport = "auto"` reads the WebSocket once the server-sent
// events path answers 404 (docs/platforms.md#mastodon).
const stops: (() => unknown)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const TOKEN = 'tok-SECRET-1234'
type Transport = 'auto' | 'sse' | 'websocket'

/** The stream of `fedi` read into a recording sink from `from`, with `stream_transport` and a short silence bound. */
const reading = (fedi: { url: string }, a: { from?: string; transport?: Transport; streamUrl?: string } = {}) => {
  const mastodon = {
    base_url: fedi.url,
    access_token: TOKEN,
    mode: 'stream' as const,
    stream_transport: a.transport ?? 'auto',
    stream_url: a.streamUrl ?? '',
  }
  const config = testConfig({ platforms: { mastodon } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const pace = { steadyMs: 200, firstRetryMs: 50, silenceMs: 800 }
  void createMastodonStream(config.platforms.mastodon, undefined, pace).read(a.from ?? null, sink, stop.signal)
  stops.push(() => stop.abort())
  return got
}
const texts = (got: ReturnType<typeof recordingSink>['got']) => got.mentions.map((m) => m.content)
const wsOnly = (scheme: IdScheme, token = TOKEN, software?: Software | null) => {
  const fedi = fakeFediverse(scheme, token, 'websocket', software)
  stops.push(fedi.stop)
  return fedi
}

// Each server gets the token only where it reads it (its NodeInfo names it): GoToSocial in the Authorization header,
// Pleroma and Akkoma as the protocol.
const GIVEN = {
  ulid: { protocol: null, authorization: `Bearer ${TOKEN}` },
  flake: { protocol: TOKEN, authorization: null },
}

for (const [scheme, name] of [
  ['ulid', 'GoToSocial'],
  ['flake', 'Pleroma and Akkoma'],
] as [IdScheme, string][])
  describe(`Mastodon stream over WebSocket (${name})`, () => {
    test('auto: updates arrive as mentions; the token goes in headers, never in the address', async () => {
      const fedi = wsOnly(scheme)
      const got = reading(fedi)
      await eventually('the WebSocket', () => fedi.clients() === 1)
      const s = fedi.post('Anyone know a good CRM?')
      await eventually('the status', () => got.mentions.length === 1)
      expect(texts(got)).toEqual(['Anyone know a good CRM?'])
      expect(got.positions.at(-1)).toBe(s.id)
      expect(fedi.upgrades.at(-1)).toEqual({ path: '/api/v1/streaming?stream=public', ...GIVEN[scheme] })
      expect(got.failures).toEqual([])
    }, 30_000)

    test('a dropped socket reconnects and catches up what was posted meanwhile, each status once', async () => {
      const fedi = wsOnly(scheme)
      const got = reading(fedi)
      await eventually('the WebSocket', () => fedi.clients() === 1)
      fedi.post('One.')
      await eventually('the first status', () => got.mentions.length === 1)
      await Bun.sleep(300) // read for longer than steadyMs: its end is a disconnection
      fedi.dropAll()
      const missed = fedi.post('Two, while disconnected.')
      await eventually('the missed status', () => got.mentions.length === 2)
      const live = fedi.post('Three, live.')
      await eventually('the live one', () => got.mentions.length === 3)
      await Bun.sleep(200)
      expect(texts(got)).toEqual(['One.', 'Two, while disconnected.', 'Three, live.'])
      expect(got.positions.slice(-2)).toEqual([missed.id, live.id])
    }, 30_000)

    test('messages that are not events or not statuses are passed over, told once each, and reading goes on', async () => {
      const fedi = wsOnly(scheme)
      const got = reading(fedi)
      await eventually('the WebSocket', () => fedi.clients() === 1)
      await Bun.sleep(100)
      for (const frame of ['not json', '', '[1,2]', '{"stream":["public"]}', new Uint8Array([1, 2, 3])])
        fedi.sendFrame(frame)
      fedi.event('update', '{"id": "broken')
      fedi.event('update', JSON.stringify({ id: 'x y', content: 'no account' }))
      fedi.event('notification', '{}')
      const after = fedi.post('After them.')
      await eventually('the status after them', () => got.mentions.length === 1)
      expect(texts(got)).toEqual(['After them.'])
      expect(got.positions.at(-1)).toBe(after.id)
      expect(got.gaps).toEqual([
        'mastodon streaming API sent a message that is not an event; passed over',
        'mastodon streaming API sent an update that is not a status; passed over',
      ])
      expect(got.failures).toEqual([])
    }, 30_000)
  })

// GoToSocial before 0.17 takes a token given as the protocol without echoing it, and the WebSocket client then fails
// the handshake; its Authorization header it reads on every version (its swagger, /api/v1/streaming).
describe('Mastodon stream over WebSocket: the token where the server reads it', () => {
  test('GoToSocial before 0.17, named by its NodeInfo: connects, the token in the Authorization header alone', async () => {
    const fedi = wsOnly('ulid', TOKEN, { name: 'gotosocial', version: '0.16.3' })
    const got = reading(fedi)
    await eventually('the WebSocket', () => fedi.clients() === 1)
    fedi.post('Anyone know a good CRM?')
    await eventually('the status', () => got.mentions.length === 1)
    expect(fedi.upgrades).toEqual([{ path: '/api/v1/streaming?stream=public', ...GIVEN.ulid }])
    expect(got.failures).toEqual([])
  }, 30_000)

  // The client reports the missing echo ("Missing client protocol") apart from a refused token or a network failure.
  test('GoToSocial before 0.17 whose NodeInfo cannot be read: tried again at once with the Authorization header alone, kept for reconnections', async () => {
    const fedi = wsOnly('ulid', TOKEN, { name: 'gotosocial', version: '0.16.3', nodeinfo: false })
    const got = reading(fedi)
    await eventually('the WebSocket', () => fedi.clients() === 1)
    await Bun.sleep(300) // open for longer than steadyMs: its end is a disconnection, reconnected at once
    fedi.dropAll()
    await eventually('the reconnection', () => fedi.upgrades.length === 3 && fedi.clients() === 1)
    const both = { protocol: TOKEN, authorization: `Bearer ${TOKEN}` }
    expect(fedi.upgrades).toEqual(
      [both, GIVEN.ulid, GIVEN.ulid].map((given) => ({ path: '/api/v1/streaming?stream=public', ...given })),
    )
    expect(fedi.nodeinfoReads()).toBe(0)
    expect(got.failures).toEqual([])
  }, 30_000)

  test('a server without NodeInfo: the token both ways, as every server reads one of them', async () => {
    const fedi = wsOnly('flake', TOKEN, null)
    reading(fedi)
    await eventually('the WebSocket', () => fedi.clients() === 1)
    expect(fedi.upgrades).toEqual([
      { path: '/api/v1/streaming?stream=public', protocol: TOKEN, authorization: `Bearer ${TOKEN}` },
    ])
  }, 30_000)
})

describe('Mastodon stream over WebSocket: failures', () => {
  test('a refused token names the setting to fix, and no failure carries the token', async () => {
    const fedi = wsOnly('ulid', 'another-token')
    const got = reading(fedi, { transport: 'websocket' })
    await eventually('a failure', () => got.failures.length >= 1)
    expect(got.failures[0]).toContain('platforms.mastodon.access_token')
    expect(JSON.stringify(got)).not.toContain(TOKEN)
  }, 30_000)

  test('a refused token on a server whose NodeInfo cannot be read is a failure, not tried again without the protocol', async () => {
    const fedi = wsOnly('ulid', 'another-token', { name: 'gotosocial', version: '0.16.3', nodeinfo: false })
    const got = reading(fedi, { transport: 'websocket' })
    await eventually('a failure', () => got.failures.length >= 1)
    await Bun.sleep(200)
    expect(got.failures).toHaveLength(1)
    expect(got.failures[0]).toContain('platforms.mastodon.access_token')
    expect(fedi.upgrades.map((u) => u.protocol)).toEqual([TOKEN])
  }, 30_000)

  test('sse does not move to the WebSocket: the 404 is the failure', async () => {
    const fedi = wsOnly('ulid')
    const got = reading(fedi, { transport: 'sse' })
    await eventually('a failure', () => got.failures.length >= 1)
    expect(got.failures[0]).toBe('mastodon streaming API answered with status 404')
    expect(fedi.upgrades).toEqual([])
  }, 30_000)

  test('a socket that falls silent (no message, no pong) is noticed and connected again', async () => {
    const fedi = wsOnly('ulid')
    const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(fedi.url).port) })
    stops.push(proxy.stop)
    const got = reading(fedi, { transport: 'websocket', streamUrl: proxy.url.replace('http:', 'ws:') })
    await eventually('the WebSocket', () => fedi.clients() === 1)
    // Quiet for longer than the silence bound: the reader's ping is answered, and the connection kept.
    await Bun.sleep(1500)
    expect(fedi.upgrades.length).toBe(1)
    proxy.silence()
    // No pong comes: the connection is let go, and the next, which is never answered, is a failed read.
    await eventually('the silence noticed', () => got.failures.length >= 1, 10_000)
    expect(got.failures[0]).toBe('mastodon streaming API did not answer within 0.8 s')
  }, 30_000)
})
