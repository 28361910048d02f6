import { afterEach, describe, expect, test } from 'bun:test'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { Logger } from '../../../src/lib/log'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// docs/streams.md#outages: Jetstream ends a subscription whose replay fails, after sending what it replayed so far
// (github.com/bluesky-social/jetstream, pkg/server/server.go). Each reconnection asks from the same cursor, rewound
// 5 s, and fails the same way: the connection sent events, but only ones read before. That was told as a
// disconnection every time (`stream_disconnected`, about 60 lines an hour with the wait at a minute), and never as an
// outage: source health and /readyz showed a stream that read nothing new as a healthy one.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Bluesky stream: an instance whose replay fails at each reconnection', () => {
  test('a short connection that sent only what was read before is a failed read, not a disconnection', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const warnings: string[] = []
    const log = { info() {}, warn: (event: string) => warnings.push(event), error() {} } as unknown as Logger
    const config = testConfig({ platforms: { bluesky: { stream_url: [jet.url] as never } } })
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const pace = { firstRetryMs: 100, steadyMs: 10_000 }
    const reading = createJetstreamReader(config.platforms.bluesky, log, 30_000, pace).read(null, sink, stop.signal)
    try {
      await eventually('the reader to connect', () => jet.clients() === 1)
      jet.post('Read before the instance restarts.')
      await eventually('the post', () => got.mentions.length === 1)
      jet.setReplayFails(true)
      jet.dropAll()
      await eventually('three reconnections', () => jet.connections.length >= 4)
      await Bun.sleep(100)
      // The restart itself was a disconnection of a connection that had read something new; what came after were not.
      expect(warnings).toEqual(['stream_disconnected'])
      expect(got.failures.length).toBeGreaterThan(0)
      expect(got.failures[0]).toContain('1011 failed to replay events')
      jet.setReplayFails(false)
    } finally {
      stop.abort()
      await reading
    }
  })
})
