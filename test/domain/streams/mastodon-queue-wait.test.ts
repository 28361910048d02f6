import { afterEach, describe, expect, test } from 'bun:test'
import { readEvents } from '../../../src/platforms/mastodon/events'
import type { StreamSink } from '../../../src/platforms/stream'

// docs/streams.md#backpressure: with the queue to the scorer full, the Mastodon reader waits for room and reads
// nothing meanwhile. The silence watchdog went on counting that wait, so a queue full for longer than the silence
// allowance ended the connection as if the streaming server had gone quiet, though it was sending all along.
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

const status = (id: string) => ({
  id,
  created_at: new Date().toISOString(),
  uri: `https://example.social/users/ann/statuses/${id}`,
  url: `https://example.social/@ann/${id}`,
  content: '<p>anything</p>',
  account: { acct: 'ann', username: 'ann', url: 'https://example.social/@ann' },
})

describe('Mastodon stream: a reader waiting for room in its queue', () => {
  test('keeps its connection however long the wait, and reads on after it', async () => {
    const enc = new TextEncoder()
    let beats: ReturnType<typeof setInterval> | undefined
    // A streaming server as Mastodon's: an update, then a heartbeat comment every 200 ms, then a second update.
    const server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      idleTimeout: 0,
      fetch() {
        const body = new ReadableStream<Uint8Array>({
          start(c) {
            c.enqueue(enc.encode(`event: update\ndata: ${JSON.stringify(status('101'))}\n\n`))
            let n = 0
            beats = setInterval(() => {
              n++
              try {
                c.enqueue(
                  enc.encode(n === 5 ? `event: update\ndata: ${JSON.stringify(status('102'))}\n\n` : ':thump\n'),
                )
              } catch {
                clearInterval(beats)
              }
            }, 200)
          },
          cancel: () => clearInterval(beats),
        })
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
      },
    })
    stops.push(() => {
      clearInterval(beats)
      server.stop(true)
    })
    // The queue is full from the first status on, for three times the silence allowance.
    let full = false
    let roomAt = 0
    const sink: StreamSink = {
      item() {},
      heard() {},
      gap() {},
      failed() {},
      full: () => full,
      room: async () => {
        await Bun.sleep(3000)
        full = false
        roomAt = Date.now()
      },
      now: () => new Date(),
    }
    const got: string[] = []
    const stop = new AbortController()
    const reading = readEvents(
      new URL(`http://127.0.0.1:${server.port}/api/v1/streaming/public`),
      {},
      sink,
      stop.signal,
      (s) => {
        got.push(s.id)
        full = got.length === 1
      },
      async () => {},
      1000,
    )
    const ended = reading.then(() => Date.now())
    const deadline = Bun.sleep(5000).then(() => 0)
    const endedAt = await Promise.race([ended, deadline])
    stop.abort()
    await reading
    // The connection outlived the wait and read the status sent while the reader waited.
    expect(endedAt === 0 || endedAt > roomAt + 1000).toBe(true)
    expect(roomAt).toBeGreaterThan(0)
    expect(got).toEqual(['101', '102'])
  }, 15_000)
})
