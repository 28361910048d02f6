import { afterEach, describe, expect, test } from 'bun:test'
import { heapStats } from 'bun:jsc'
import type { ServerWebSocket } from 'bun'
import { readSocket } from '../../../src/platforms/mastodon/websocket'
import { streamedStatus, updateMessage } from '../../support/mastodon-updates'
import { recordingSink } from '../../support/stream-world'

// docs/streams.md#backpressure: while a connection's catch-up reads the timeline, the WebSocket reader holds what the
// server pushes meanwhile (Mastodon's streaming API, docs.joinmastodon.org/methods/streaming#websocket: one JSON
// message an event), up to 1,000 messages. A message over 1 MiB is passed over, but it was held whole until the
// catch-up ended and only then thrown away: a hostile or broken server that answered its timeline slowly and pushed
// 1,000 messages of 16 MiB meanwhile made the reader hold 16 GB. Now an oversize message is held as a marker of one
// passed over.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const MIB = 1024 * 1024
const settled = async () => {
  Bun.gc(true)
  await Bun.sleep(100)
  Bun.gc(true)
  return { heap: heapStats().heapSize, rss: process.memoryUsage.rss() }
}

describe('Mastodon stream over WebSocket: oversize messages pushed while the catch-up waits', () => {
  test('are held as a mark of one passed over, in their place, not whole', async () => {
    let socket: ServerWebSocket<unknown> | undefined
    let answerTimeline = () => {}
    const timelineAnswered = new Promise<void>((r) => {
      answerTimeline = r
    })
    // The instance: its streaming WebSocket, and a public timeline that answers once told to (a slow instance).
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      fetch: async (req, srv) => {
        if (new URL(req.url).pathname === '/api/v1/timelines/public') {
          await timelineAnswered
          return Response.json([])
        }
        return srv.upgrade(req) ? undefined : new Response('no', { status: 400 })
      },
      websocket: {
        open(ws) {
          socket = ws
        },
        message() {},
      },
    })
    stops.push(() => server.stop(true))
    const { got, sink: recording } = recordingSink()
    let heard = 0
    const sink = { ...recording, heard: () => void heard++ }
    const stop = new AbortController()
    stops.push(() => stop.abort())
    const handed: string[] = []
    const instance = `127.0.0.1:${server.port}/api/v1`
    // The catch-up: the public timeline read, as stream.ts reads it once the connection is open.
    const catchUp = () => fetch(`http://${instance}/timelines/public`).then((r) => void r.body?.cancel())
    const streaming = new URL(`ws://${instance}/streaming?stream=public`)
    const reading = readSocket(streaming, {}, sink, stop.signal, (s) => handed.push(s.id), catchUp)
    const end = Date.now() + 5000
    while (!socket && Date.now() < end) await Bun.sleep(20)
    const before = await settled()
    // A status, forty messages of 3 MiB (120 MiB), a status: all while the timeline has not answered.
    // Each sent once the reader has the one before: Bun's server drops what is sent past its send buffer (16 MiB).
    const big = `{"event":"update","payload":"${'x'.repeat(3 * MIB)}"}`
    const frames = [updateMessage(1), ...Array.from({ length: 40 }, () => big), updateMessage(2)]
    for (const frame of frames) {
      const was = heard
      socket?.send(frame)
      while (heard === was && Date.now() < end + 30_000) await Bun.sleep(5)
    }
    expect(heard).toBe(42)
    const during = await settled()
    console.log(
      `held during the catch-up: heap +${((during.heap - before.heap) / MIB).toFixed(1)} MiB, ` +
        `RSS +${((during.rss - before.rss) / MIB).toFixed(1)} MiB`,
    )
    answerTimeline()
    while (handed.length < 2 && Date.now() < end + 40_000) await Bun.sleep(20)
    // In order, the oversize ones passed over once said, and the reader still reading.
    expect(handed).toEqual([streamedStatus(1).id, streamedStatus(2).id])
    expect(got.gaps).toEqual(['mastodon streaming API sent a message that is not an event; passed over'])
    expect(await Promise.race([reading, Bun.sleep(200).then(() => 'still reading')])).toBe('still reading')
    // 120 MiB came in during the catch-up; what is held is the reader's marks and the two statuses.
    expect(during.heap - before.heap).toBeLessThan(20 * MIB)
    expect(during.rss - before.rss).toBeLessThan(60 * MIB)
  }, 60_000)
})
