import { afterEach, describe, expect, test } from 'bun:test'
import { describeError } from '../../../src/lib/log'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import type { StreamSink } from '../../../src/platforms/stream'
import { testConfig } from '../../support/deps'
import { fakeJetstream } from '../../support/fake-streams'
import { silentLogger } from '../../support/log'
import { eventually } from '../../support/stream-world'

// docs/streams.md#outages: a stream that cannot read upstream logs `stream_read_failed` with the reason, the network's
// own words for a platform it could not reach. A Jetstream address that is wrong (a port that is not a web server,
// wss: for an instance that speaks ws:) was logged as "could not be reached" and no more, so the operator could not
// tell a typo from an outage; source health keeps the words without the network's.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** The first failure of a reader of `url`, as source health and the log tell it. */
async function firstFailure(url: string) {
  const failures: unknown[] = []
  const sink: StreamSink = {
    item: () => {},
    heard: () => {},
    gap: () => {},
    failed: (err) => failures.push(err),
    full: () => false,
    room: async () => {},
    now: () => new Date(),
  }
  const config = testConfig({ platforms: { bluesky: { stream_url: [url] as never } } })
  const stop = new AbortController()
  const reading = createJetstreamReader(config.platforms.bluesky, silentLogger).read(null, sink, stop.signal)
  try {
    await eventually('the failure', () => failures.length >= 1)
    return { health: (failures[0] as Error).message, log: describeError(failures[0]) }
  } finally {
    stop.abort()
    await reading
  }
}

describe('Bluesky stream: a Jetstream address that cannot be read', () => {
  test('a port that is not a web server: the log says the answer was not one', async () => {
    // As an SSH server on the port written by mistake: a line of its own protocol, no HTTP.
    const other = Bun.listen({
      hostname: '127.0.0.1',
      port: 0,
      socket: { open: (s) => void s.write('SSH-2.0-OpenSSH_9.2\r\n'), data: () => {} },
    })
    stops.push(() => other.stop(true))
    const { health, log } = await firstFailure(`ws://127.0.0.1:${other.port}/subscribe`)
    expect(health).toBe(`bluesky could not be reached (Jetstream at 127.0.0.1:${other.port})`)
    expect(log).toBe(`bluesky could not be reached (Jetstream at 127.0.0.1:${other.port}) (Invalid response)`)
  })

  test('wss: for an instance that speaks ws: the log names the TLS handshake, without the address', async () => {
    const jet = fakeJetstream()
    stops.push(jet.stop)
    const { log } = await firstFailure(jet.url.replace('ws:', 'wss:'))
    expect(log).toMatch(/could not be reached \(Jetstream at 127\.0\.0\.1:\d+\) \(TLS handshake failed[^)]*\)$/)
    expect(log).not.toContain('/subscribe')
  })
})
