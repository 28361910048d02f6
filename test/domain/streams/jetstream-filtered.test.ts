import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { Logger } from '../../../src/lib/log'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentProxy } from '../../support/silent-proxy'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#outages: a subscription narrowed by `wantedDids` (github.com/bluesky-social/jetstream, README
// "Consuming Jetstream") is quiet for as long as its authors post nothing, which is not a stall. Jetstream answers a
// ping with a pong (pkg/server/server.go), so the reader asks, and a connection that answers is alive. It was taken
// as dead after each silence allowance: a failed read before the first post, then `stream_disconnected` every 31 s.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/**
 * A reader of `base` narrowed to did:plc:watched, with a silence allowance of 1.5 s (30 s as served), whose warnings go
 * to `lines`; `stop` ends it.
 */
function narrowedReader(base: string) {
  const lines: { event: string; fields: Record<string, unknown> }[] = []
  const warn = (event: string, fields: Record<string, unknown> = {}) => lines.push({ event, fields })
  const log = { info() {}, warn, error() {} } as unknown as Logger
  const address = `${base}?wantedDids=did:plc:watched`
  const config = testConfig({ platforms: { bluesky: { stream_url: [address] as never } } })
  const { got, sink } = recordingSink()
  // Whether each word from upstream said the stream is up to date (source health's lag: docs/streams.md#source-health).
  const upToDate: (boolean | undefined)[] = []
  const told = sink.heard
  sink.heard = (a) => {
    upToDate.push(a?.caughtUp)
    told(a)
  }
  const abort = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, log, 1500).read(null, sink, abort.signal)
  return {
    got,
    lines,
    upToDate,
    async stop() {
      abort.abort()
      await reading
    },
  }
}

describe('Bluesky stream: a subscription narrowed to a few authors', () => {
  test('a quiet minute is no outage and no disconnection; a post of a wanted author is read on the same connection', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    // 4.5 s is three silence allowances with nothing from a wanted author.
    const { got, lines, upToDate, stop } = narrowedReader(jet.url)
    try {
      await eventually('the reader to connect', () => jet.clients() === 1)
      for (let i = 0; i < 15; i++) {
        jet.post(`Someone else's post ${i}`, 'did:plc:someoneelse')
        await Bun.sleep(300)
      }
      // Nothing pending, the connection answering: up to date, not hours behind the last wanted post.
      expect(upToDate).toContain(true)
      const watched = jet.post('Looking for a CRM, any advice?', 'did:plc:watched')
      await eventually('the wanted post', () => got.mentions.length === 1)
      expect(got.mentions[0]?.url).toContain('did:plc:watched')
      expect(watched.uri).toContain('did:plc:watched')
      expect(got.failures).toEqual([])
      expect(lines).toEqual([])
      expect(jet.connections.length).toBe(1)
      expect(jet.connections[0]?.searchParams.getAll('wantedDids')).toEqual(['did:plc:watched'])
    } finally {
      await stop()
    }
  }, 30_000)

  test('a narrowed connection that goes half-open (nothing answers its ping) is still taken as dead', async () => {
    const jet = fakeJetstream()
    const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(jet.url).port) })
    stops.push(jet.stop, proxy.stop)
    const { got, lines, stop } = narrowedReader(`${proxy.url.replace('http', 'ws')}/subscribe`)
    try {
      await eventually('the reader to connect', () => jet.clients() === 1)
      jet.post('Looking for a CRM, any advice?', 'did:plc:watched')
      await eventually('the wanted post', () => got.mentions.length === 1)
      proxy.silence()
      await eventually('the disconnection', () => lines.some((l) => l.event === 'stream_disconnected'))
      expect(lines[0]?.fields.silentSeconds).toBe(1.5)
    } finally {
      await stop()
    }
  }, 30_000)
})
