// A body over server.max_body_bytes, by any amount, announced or streamed, is answered 413 in the API's error shape
// by a real listening server, as soon as the limit is passed.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { listen } from '../support/mcp'
import { chunk, LAST_CHUNK, rawRequest } from '../support/raw-http'

const MAX = 4096
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

async function setup() {
  const { deps } = await testDeps({ config: { server: { max_body_bytes: MAX } } })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  stops.push(server.stop)
  return { apiKey, port: Number(new URL(server.origin).port) }
}

const headOf = (path: string, apiKey: string, framing: string) => [
  `POST ${path} HTTP/1.1`,
  'Host: 127.0.0.1',
  `x-api-key: ${apiKey}`,
  'content-type: application/json',
  'accept: application/json, text/event-stream',
  framing,
]
const ROUTES = ['/api/v1/leads/score', '/api/v1/mentions/search', '/api/routes/search', '/mcp']

/** The 413 of the route's error shape: the earlier routes keep `{success: false, error}`. */
function expectTooLarge(path: string, reply: { status: number; headers: Record<string, string>; json: () => any }) {
  expect(reply.status).toBe(413)
  expect(reply.headers['content-type']).toContain('application/json')
  if (path.startsWith('/api/routes/'))
    expect(reply.json()).toEqual({ success: false, error: `the request body is larger than ${MAX} bytes` })
  else
    expect(reply.json()).toEqual({
      error: { code: 'payload_too_large', message: `the request body is larger than ${MAX} bytes` },
    })
}

/** The same body sent to the score route announced (content-length) and chunked (cut in two at `cut`). */
async function scoredBothWays(port: number, apiKey: string, body: Buffer, cut: number) {
  const path = '/api/v1/leads/score'
  const announced = await rawRequest(port, headOf(path, apiKey, `content-length: ${body.length}`), body)
  const a = await announced.reply
  announced.close()
  const chunks = [chunk(body.subarray(0, cut)), chunk(body.subarray(cut)), Buffer.from(LAST_CHUNK)]
  const chunked = await rawRequest(port, headOf(path, apiKey, 'transfer-encoding: chunked'), Buffer.concat(chunks))
  const c = await chunked.reply
  chunked.close()
  return [a, c]
}

describe('413 payload_too_large from a listening server', () => {
  test('an announced body over the limit by 1 byte and by 10 MiB, answered before any of it is sent', async () => {
    const { apiKey, port } = await setup()
    for (const path of ROUTES) {
      for (const length of [MAX + 1, MAX + 10 * 1024 * 1024]) {
        // Only the headers go out: the answer cannot wait for the body.
        const conn = await rawRequest(port, headOf(path, apiKey, `content-length: ${length}`))
        expectTooLarge(path, await conn.reply)
        conn.close()
      }
    }
  })

  test('a chunked body is refused once it passes the limit, while the client is still sending', async () => {
    const { apiKey, port } = await setup()
    for (const path of ROUTES) {
      const conn = await rawRequest(
        port,
        headOf(path, apiKey, 'transfer-encoding: chunked'),
        chunk(`{"content": "${'x'.repeat(MAX)}`),
      )
      // The body is never finished: an answer here means the server stopped reading at the limit.
      expectTooLarge(path, await conn.reply)
      conn.close()
    }
  })

  test('a streamed body of 64 MiB is not read to its end', async () => {
    const { apiKey, port } = await setup()
    let sent = 0
    const total = 64 * 1024 * 1024
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close()
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20))
        sent += 64 * 1024
      },
    })
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/leads/score`, {
      method: 'POST',
      body,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
    expect(sent).toBeLessThan(total / 4)
  })

  test('a body of exactly the limit, announced or chunked, is read and judged on its content', async () => {
    const { apiKey, port } = await setup()
    const text = JSON.stringify({ content: 'x'.repeat(MAX - 20) }).padEnd(MAX, ' ')
    expect(Buffer.byteLength(text)).toBe(MAX)
    const [a, c] = await scoredBothWays(port, apiKey, Buffer.from(text), 100)
    for (const reply of [a, c]) {
      expect(reply.status).toBe(200)
      expect(reply.json().intent).toEqual(expect.any(String))
    }
  })

  test('a body with a byte order mark and bytes that are not UTF-8 reads the same announced as chunked', async () => {
    const { apiKey, port } = await setup()
    // A BOM, then "café" and a lone 0xff inside the text: the mark is dropped, the bad byte becomes U+FFFD.
    const body = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"content":"We need a CRM for our caf'),
      Buffer.from([0xc3, 0xa9, 0x20, 0xff]),
      Buffer.from(' team, budget $300","keyword":"crm"}'),
    ])
    const [a, c] = await scoredBothWays(port, apiKey, body, 2)
    expect(a.status).toBe(200)
    expect(a.json()).toEqual(c.json())
    expect(a.json().intent).toEqual(expect.any(String))
  })
})
