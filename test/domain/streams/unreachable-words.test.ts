import { afterEach, describe, expect, test } from 'bun:test'
import { createServer } from 'node:net'
import { streamHealth } from '../../../src/domain/streams/health'
import { createLogger } from '../../../src/lib/log'
import { createJetstreamReader } from '../../../src/platforms/bluesky/jetstream'
import { createDevtoStream } from '../../../src/platforms/devto/stream'
import { testConfig, testDeps } from '../../support/deps'
import { firstFailure } from '../../support/first-failure'
import { silentLogger } from '../../support/log'
import { REFUSED_ORIGIN } from '../../support/refused'

// docs/operations.md#logs: a platform that could not be reached is told with the network's own words, as
// `hackernews could not be reached (ECONNREFUSED: Unable to connect)`. The runtime's message goes on with advice to
// the programmer who called fetch ("Is the computer able to access the url?", "For more information, pass `verbose:
// true` in the second argument to fetch()"), which the terminal of an offline server printed in every stream's first
// line: words no operator can act on.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

/** The `stream_read_failed` line of DEV's stream (or Bluesky's Jetstream) at `origin`, as a terminal shows it. */
async function firstLine(origin: string, platform: 'devto' | 'bluesky' = 'devto'): Promise<string> {
  const table = platform === 'devto' ? { stream_url: origin } : { stream_url: [origin] as never }
  const config = testConfig({ platforms: { [platform]: table } })
  const reader =
    platform === 'devto'
      ? createDevtoStream(config.platforms.devto, silentLogger)
      : createJetstreamReader(config.platforms.bluesky, silentLogger)
  const err = await firstFailure(reader)
  const lines: string[] = []
  const { deps } = await testDeps({ now: '2026-12-07T09:00:00.000Z' })
  streamHealth({ ...deps, config, log: createLogger((l) => lines.push(l), { format: 'human' }) }, platform).failed(err)
  const line = lines.find((l) => l.includes('stream_read_failed'))
  if (!line) throw new Error(`no stream_read_failed among ${lines.join('\n')}`)
  return line
}

describe("a stream that cannot reach its platform: the network's words, not the runtime's advice", () => {
  test('a refused connection', async () => {
    const line = await firstLine(REFUSED_ORIGIN)
    expect(line).toEndWith('err="devto could not be reached (ECONNREFUSED: Unable to connect)"')
  })

  // The resolver's own words were `getaddrinfo ENOTFOUND devto.nowhere.invalid`: the name that does not resolve is
  // said so, with the setting that holds it (.invalid never resolves: RFC 6761).
  test('a name that does not resolve', async () => {
    const line = await firstLine('http://devto.nowhere.invalid')
    expect(line).toContain(
      'err="devto could not be reached: the name devto.nowhere.invalid does not resolve: check platforms.devto.stream_url for a typo',
    )
    expect(line).not.toMatch(/getaddrinfo|ENOTFOUND/)
  })

  // The WebSocket client says only `Failed to connect`, as for a port nothing listens on: the Jetstream address whose
  // name does not resolve is said so too, with the setting, as the streams and searches over HTTP say it.
  test('a Jetstream address whose name does not resolve', async () => {
    const line = await firstLine('wss://jetstream.nowhere.invalid/subscribe', 'bluesky')
    expect(line).toContain(
      'err="bluesky could not be reached: the name jetstream.nowhere.invalid does not resolve: check platforms.bluesky.stream_url for a typo',
    )
    expect(line).not.toContain('Failed to connect')
  })

  test('a server that closes the connection without an answer', async () => {
    // As a firewall or proxy that takes the connection and drops it: a TCP connection closed at once, no HTTP.
    const server = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1')
    await new Promise((ready) => server.once('listening', ready))
    stops.push(() => server.close())
    const { port } = server.address() as { port: number }
    const line = await firstLine(`http://127.0.0.1:${port}`)
    expect(line).toEndWith(
      'err="devto could not be reached (ECONNRESET: The socket connection was closed unexpectedly)"',
    )
    expect(line).not.toContain('fetch')
  })
})
