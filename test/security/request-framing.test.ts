// Ambiguous framing (docs/security.md#requests), where a proxy in front and this server could read a request's length
// differently and so split one connection into other requests (request smuggling): two Content-Length values, or
// Transfer-Encoding beside Content-Length. Bun's HTTP parser refuses both with a bodiless 400 and closes the
// connection before the service sees the request (RFC 9112 §6.3), so nothing is made; two x-api-key lines are no key.
import { afterEach, expect, test } from 'bun:test'
import { oauthWorld } from '../support/oauth'
import { rawRequest } from '../support/raw-http'

let stop: (() => void) | undefined
afterEach(() => stop?.())

test('two lengths, or chunked beside a length, are 400 and make nothing; two keys are 401', async () => {
  const w = await oauthWorld({ config: { webhooks: { allow_private_targets: true } } })
  stop = w.stop
  const port = Number(w.server.port)
  const body = '{"url":"http://127.0.0.1:9/hook"}'
  const start = ['POST /api/v1/webhooks HTTP/1.1', 'Host: 127.0.0.1', `x-api-key: ${w.apiKey}`]
  const json = 'content-type: application/json'
  const framings: [string[], string][] = [
    [[json, `content-length: ${body.length}`, 'content-length: 5'], body],
    [[json, 'content-length: 4', 'transfer-encoding: chunked'], `${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`],
  ]
  for (const [headers, sent] of framings) {
    const conn = await rawRequest(port, [...start, ...headers], sent)
    expect((await conn.reply).status).toBe(400)
    conn.close()
  }
  const listed = await fetch(`${w.base}/api/v1/webhooks`, { headers: { 'x-api-key': w.apiKey } })
  expect(((await listed.json()) as any).endpoints).toEqual([])
  const usage = (await (await fetch(`${w.base}/api/v1/usage`, { headers: { 'x-api-key': w.apiKey } })).json()) as any
  expect(usage.team).toBe('acme')
  const twice = await rawRequest(port, [
    'GET /api/v1/usage HTTP/1.1',
    'Host: 127.0.0.1',
    ...[1, 2].map(() => `x-api-key: ${w.apiKey}`),
  ])
  const refused = await twice.reply
  twice.close()
  expect(refused.status).toBe(401)
  expect(refused.json().error.code).toBe('invalid_api_key')
})
