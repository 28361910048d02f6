// The export's ceiling: a bare Bun.serve streaming `lines` lines of `bytes` bytes each (query parameters), in chunks
// of 1,000 lines read as the client takes them, as the export does; no database, no formatting.
const CHUNK_LINES = 1000

const ceiling = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(request) {
    const params = new URL(request.url).searchParams
    let left = Number(params.get('lines'))
    const line = `${'x'.repeat(Math.max(0, Number(params.get('bytes')) - 1))}\n`
    const chunk = new TextEncoder().encode(line.repeat(CHUNK_LINES))
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (left <= 0) return controller.close()
          const n = Math.min(left, CHUNK_LINES)
          controller.enqueue(n === CHUNK_LINES ? chunk : chunk.slice(0, n * line.length))
          left -= n
        },
      },
      { highWaterMark: 0 },
    )
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } })
  },
})
console.log(JSON.stringify({ event: 'listening', url: ceiling.url.origin }))
