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

/**
 * A reader of a fake instance with a silence allowance of 1.5 s (30 s as served), given one post which it has read,
 * after which the instance sends nothing more; `end` stops it.
 */
async function onePostThenSilence(pace: Parameters<typeof createJetstreamReader>[3] = {}) {
  const jet = fakeJetstream()
  stops.push(jet.stop)
  const lines: { event: string; fields: Record<string, unknown> }[] = []
  const log = { info() {}, warn: (event: string, fields = {}) => lines.push({ event, fields }), error() {} } as Logger
  const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
  const { got, sink } = recordingSink()
  const stop = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, log, 1500, pace).read(null, sink, stop.signal)
  const end = () => {
    stop.abort()
    return reading
  }
  try {
    await eventually('the reader to connect', () => jet.clients() === 1)
    jet.post('A post, and then nothing.')
    await eventually('the post', () => got.mentions.length === 1)
  } catch (err) {
    await end()
    throw err
  }
  return { jet, lines, got, host: new URL(jet.url).host, end }
}

// A connection that still stands but carries nothing (a half-open connection, an instance whose feed stalled) is taken
// as dead after the silence allowance (30 s; here 1.5 s) and read again, and the line says that it fell silent rather
// than looking like a close the instance gave.
describe('Bluesky stream: a Jetstream connection that falls silent', () => {
  test('is let go and connected again, and stream_disconnected says how long it was silent', async () => {
    const { jet, lines, host, end } = await onePostThenSilence()
    try {
      await eventually('the connection let go', () => lines.some((l) => l.event === 'stream_disconnected'), 5000)
      expect(lines.find((l) => l.event === 'stream_disconnected')?.fields).toEqual({
        platform: 'bluesky',
        endpoint: host,
        silentSeconds: 1.5,
      })
      await eventually('a new connection', () => jet.connections.length === 2)
    } finally {
      await end()
    }
  })
})

// An instance whose feed stalled (its relay stopped sending, as every instance's does when the relay does) still takes
// each connection and replays the rewind, posts already read, before it falls silent: each such connection was taken
// for a reading one that disconnected, retried within a second with a warning every 31 s, and source health and
// /readyz never said that nothing new had been read for hours (docs/streams.md#outages).
describe('Bluesky stream: a Jetstream instance that replays only what was read and falls silent', () => {
  test('is a failed read, told as its feed sending nothing new, and tried again after a growing wait', async () => {
    const { jet, lines, got, host, end } = await onePostThenSilence({ steadyMs: 1000, firstRetryMs: 1000 })
    try {
      await eventually('a failed read', () => got.failures.length >= 1, 10_000)
      expect(got.failures[0]).toBe(`bluesky: Jetstream at ${host} took the connection and sent nothing new for 1.5 s`)
      // The first connection, which read the post, was a disconnection; the one that replayed it only was not.
      expect(lines.filter((l) => l.event === 'stream_disconnected')).toHaveLength(1)
      expect(got.mentions).toHaveLength(1)
      // Waited out as a failure: 1 s, then 2 s, each after a silence of 1.5 s; retried within a second, 4 or more.
      const connections = jet.connections.length
      await Bun.sleep(4000)
      expect(jet.connections.length - connections).toBeLessThanOrEqual(2)
    } finally {
      await end()
    }
  }, 20_000)
})
