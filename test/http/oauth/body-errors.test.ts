// The OAuth endpoints a client posts to answer a body over server.max_body_bytes, announced or streamed, as they answer
// any other error: {error, error_description} (RFC 6749 §5.2, RFC 7591 §3.2.2) with the CORS headers a browser-based
// client needs to read it (docs/oauth.md#endpoints). The size check runs before any route; it answered the API's shape
// without CORS, which such a client could not read at all.
import { afterEach, describe, expect, test } from 'bun:test'
import { oauthWorld } from '../../support/oauth'
import { chunk, rawRequest } from '../../support/raw-http'

const MAX = 4096
let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world() {
  const w = await oauthWorld({ config: { server: { max_body_bytes: MAX } } })
  stop = w.stop
  return w
}

const ENDPOINTS = [
  { path: '/oauth/token', type: 'application/x-www-form-urlencoded', error: 'invalid_request' },
  { path: '/oauth/revoke', type: 'application/x-www-form-urlencoded', error: 'invalid_request' },
  { path: '/oauth/register', type: 'application/json', error: 'invalid_client_metadata' },
]

function expectOAuthTooLarge(
  reply: { status: number; headers: Record<string, string> | Headers; json: unknown },
  error: string,
) {
  const header = (name: string) =>
    reply.headers instanceof Headers ? reply.headers.get(name) : (reply.headers[name] ?? null)
  expect(reply.status).toBe(413)
  expect(header('access-control-allow-origin')).toBe('*')
  expect(header('cache-control')).toBe('no-store')
  expect(reply.json).toEqual({ error, error_description: `the request body is larger than ${MAX} bytes` })
}

describe('a body over server.max_body_bytes at the OAuth endpoints', () => {
  test('announced: 413 in the OAuth error shape, readable from another origin', async () => {
    const w = await world()
    for (const { path, type, error } of ENDPOINTS) {
      const res = await fetch(`${w.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': type, origin: 'https://app.example' },
        body: `a=${'x'.repeat(MAX)}`,
      })
      expectOAuthTooLarge({ status: res.status, headers: res.headers, json: await res.json() }, error)
    }
  })

  test('streamed: refused once it passes the limit, in the same shape', async () => {
    const w = await world()
    const port = Number(w.server.port)
    for (const { path, type, error } of ENDPOINTS) {
      const head = [`POST ${path} HTTP/1.1`, 'Host: 127.0.0.1', `content-type: ${type}`, 'transfer-encoding: chunked']
      // The body is never finished: an answer here means the server stopped reading at the limit.
      const conn = await rawRequest(port, head, chunk(`a=${'x'.repeat(MAX)}`))
      const reply = await conn.reply
      conn.close()
      expectOAuthTooLarge({ status: reply.status, headers: reply.headers, json: reply.json() }, error)
    }
  })

  test('registration keeps its own smaller bound, in the same shape', async () => {
    const w = await oauthWorld()
    stop = w.stop
    const res = await fetch(`${w.base}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'x'.repeat(16_384) }),
    })
    expect(res.status).toBe(413)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(await res.json()).toEqual({
      error: 'invalid_client_metadata',
      error_description: 'the request body is larger than 16384 bytes',
    })
  })
})
