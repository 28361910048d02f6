import { afterEach, describe, expect, test } from 'bun:test'
import { readEvents } from '../../../src/platforms/mastodon/events'
import { recordingSink } from '../../support/stream-world'

// docs/streams.md#backpressure and #source-health: a Mastodon streaming connection is taken as dead after 60 s without
// a word from the server (here 500 ms), and source health says why a stream cannot read. A streaming host that takes
// the connection and never answers (a proxy whose upstream hangs, a half-open connection) was told in source health as
// one that "closed the connection as it opened", though it never answered at all.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon stream: a streaming host that takes the connection and never answers', () => {
  test('is a failed read saying it did not answer, once the silence allowance is over', async () => {
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      fetch: () => new Promise<Response>(() => {}),
    })
    stops.push(() => server.stop(true))
    const { sink } = recordingSink()
    const stop = new AbortController()
    stops.push(() => stop.abort())
    const started = Date.now()
    const outcome = await readEvents(
      new URL(`http://127.0.0.1:${server.port}/api/v1/streaming/public`),
      {},
      sink,
      stop.signal,
      () => {},
      async () => {},
      500,
    ).then(
      () => 'ended without a failure',
      (err: Error) => err.message,
    )
    expect(outcome).toBe('mastodon streaming API did not answer within 0.5 s')
    expect(Date.now() - started).toBeLessThan(3000)
  })
})
