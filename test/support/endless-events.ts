/**
 * A streaming server on 127.0.0.1 that answers server-sent events (`text/event-stream`) with `chunk` again and again,
 * at most `most` times, as the reader pulls: an event that never ends, from a broken or hostile streaming server.
 * `sent()`: the chunks written so far.
 */
export function endlessEvents(chunk: Uint8Array, most: number) {
  let sent = 0
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch: () =>
      new Response(
        new ReadableStream({
          pull(c) {
            if (sent >= most) return c.close()
            sent++
            c.enqueue(chunk)
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      ),
  })
  return { url: `http://127.0.0.1:${server.port}`, sent: () => sent, stop: () => server.stop(true) }
}
