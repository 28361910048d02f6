import { afterEach, describe, expect, test } from 'bun:test'
import type { ServerWebSocket } from 'bun'
import { readSocket } from '../../../src/platforms/mastodon/websocket'
import { updateMessage } from '../../support/mastodon-updates'
import { recordingSink } from '../../support/stream-world'

// docs/streams.md#backpressure: Mastodon's streaming API over WebSocket (docs.joinmastodon.org/methods/streaming,
// "WebSocket": one JSON message an event, {stream, event: "update", payload: the status as a JSON string}) pushes each
// status as it comes. While a connection's catch-up reads the timeline, and waits for room in the queue to the scorer
// (a slow model), the reader holds what is pushed meanwhile; held without a bound, a busy timeline filled memory for as
// long as the wait lasted, where server-sent events wait in the connection.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

describe('Mastodon stream over WebSocket: statuses pushed while the catch-up waits', () => {
  test('past a bound they are let go, and the reader lets the connection go for the next catch-up to read them', async () => {
    let socket: ServerWebSocket<unknown> | undefined
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      fetch: (req, srv) => (srv.upgrade(req) ? undefined : new Response('no', { status: 400 })),
      websocket: {
        open(ws) {
          socket = ws
        },
        message() {},
      },
    })
    stops.push(() => server.stop(true))
    const { got, sink } = recordingSink()
    let caughtUp = () => {}
    const catchUp = new Promise<void>((r) => {
      caughtUp = r
    })
    const stop = new AbortController()
    stops.push(() => stop.abort())
    const handed: string[] = []
    const reading = readSocket(
      new URL(`ws://127.0.0.1:${server.port}/api/v1/streaming?stream=public`),
      {},
      sink,
      stop.signal,
      (s) => handed.push(s.id),
      () => catchUp,
    )
    const end = Date.now() + 5000
    while (!socket && Date.now() < end) await Bun.sleep(20)
    // A busy timeline while the catch-up waits: 5,000 statuses.
    for (let n = 1; n <= 5000; n++) socket?.send(updateMessage(n))
    await Bun.sleep(1500)
    caughtUp()
    const outcome = await Promise.race([reading, Bun.sleep(3000).then(() => 'still reading')])
    // The next connection's catch-up reads them from the timeline: none is handed from what was let go.
    expect(outcome).toBe('full')
    expect(handed).toEqual([])
    expect(got.failures).toEqual([])
  })
})
