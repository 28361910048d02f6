import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { Logger } from '../../../src/lib/log'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#outages: Jetstream logs `stream_disconnected` when a connection that was reading closes. An instance
// closes with a code and a reason of its own (RFC 6455 §7.4: 1001 when it goes away, 1011 when it fails to serve the
// subscription), which is what tells a restart upstream from a fault; the line named the endpoint alone.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Bluesky stream: a Jetstream instance that closes a connection that was reading', () => {
  test('stream_disconnected names the close code and reason it gave', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const lines: { event: string; fields: Record<string, unknown> }[] = []
    const log: Logger = {
      info() {},
      warn: (event: string, fields: Record<string, unknown> = {}) => lines.push({ event, fields }),
      error() {},
    } as Logger
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const reading = createJetstreamReader(config.platforms.bluesky, log).read(null, sink, stop.signal)
    try {
      await eventually('the reader to connect', () => jet.clients() === 1)
      jet.post('A post, read before the instance restarts.')
      await eventually('the post', () => got.mentions.length === 1)
      jet.dropAll()
      await eventually('the disconnection', () => lines.some((l) => l.event === 'stream_disconnected'))
      expect(lines.find((l) => l.event === 'stream_disconnected')?.fields).toEqual({
        platform: 'bluesky',
        endpoint: new URL(jet.url).host,
        code: 1001,
        reason: 'going away',
      })
    } finally {
      stop.abort()
      await reading
    }
  })
})

// A connection that still stands but carries nothing (a half-open connection, an instance whose feed stalled) is taken
// as dead after the silence allowance (30 s; here 1.5 s) and read again, and the line says that it fell silent rather
// than looking like a close the instance gave.
describe('Bluesky stream: a Jetstream connection that falls silent', () => {
  test('is let go and connected again, and stream_disconnected says how long it was silent', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const lines: { event: string; fields: Record<string, unknown> }[] = []
    const log = { info() {}, warn: (event: string, fields = {}) => lines.push({ event, fields }), error() {} } as Logger
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const reading = createJetstreamReader(config.platforms.bluesky, log, 1500).read(null, sink, stop.signal)
    try {
      await eventually('the reader to connect', () => jet.clients() === 1)
      jet.post('A post, and then nothing.')
      await eventually('the post', () => got.mentions.length === 1)
      await eventually('the connection let go', () => lines.some((l) => l.event === 'stream_disconnected'), 5000)
      expect(lines.find((l) => l.event === 'stream_disconnected')?.fields).toEqual({
        platform: 'bluesky',
        endpoint: new URL(jet.url).host,
        silentSeconds: 1.5,
      })
      await eventually('a new connection', () => jet.connections.length === 2)
    } finally {
      stop.abort()
      await reading
    }
  })
})
