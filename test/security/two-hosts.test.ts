// A request with two Host header lines (RFC 9112 §3.2: a server must answer 400). The runtime joins them into one
// value, "a, b", builds the request's URL from the first, and a proxy in front may have routed or checked by the
// other; without server.public_url the OAuth issuer and a token's binding come from that name
// (docs/security.md#requests). Refused in the API's shape before any route runs. On a real socket.
import { afterEach, expect, test } from 'bun:test'
import { oauthWorld, obtainTokens } from '../support/oauth'
import { rawRequest } from '../support/raw-http'

let stop: (() => void) | undefined
afterEach(() => stop?.())

test('two Host lines are 400 invalid_request, with a token or not; one Host is answered', async () => {
  const w = await oauthWorld()
  stop = w.stop
  const { access_token } = await obtainTokens(w)
  const port = Number(w.server.port)
  const send = async (hosts: string[], path = '/api/v1/usage') => {
    const head = [`GET ${path} HTTP/1.1`, ...hosts.map((h) => `Host: ${h}`), `Authorization: Bearer ${access_token}`]
    return (await rawRequest(port, head)).reply
  }
  const own = `127.0.0.1:${port}`
  for (const hosts of [
    [own, 'other.test'],
    ['other.test', own],
    [own, own],
  ]) {
    const twice = await send(hosts)
    expect(twice.status).toBe(400)
    expect(twice.json()).toEqual({
      error: { code: 'invalid_request', message: 'send one Host header, with one name: this request has several' },
    })
  }
  const metadata = await send([own, 'other.test'], '/.well-known/oauth-authorization-server')
  expect(metadata.status).toBe(400)
  expect(metadata.body).not.toContain('other.test')
  expect((await send([own])).status).toBe(200)
  // One IPvFuture literal may hold a comma (RFC 3986 §3.2.2): one host, answered.
  const literal = await rawRequest(port, ['GET /api/v1/usage HTTP/1.1', 'Host: [v1.a,b]:80', `x-api-key: ${w.apiKey}`])
  expect((await literal.reply).status).toBe(200)
  literal.close()
})
