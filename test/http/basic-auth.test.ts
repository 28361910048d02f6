import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/api.md#authentication: HTTP Basic is a scheme the API does not take. RFC 6750 §3.1: a request that "attempted
// using an unsupported authentication method" is answered as one without authentication, a challenge with no error
// code; it was 401 invalid_token with error="invalid_token", telling a client its access token was bad when it had
// sent none. Now missing_api_key, saying where the key goes, and the challenge carries no error (RFC 9110 §11.6.1: a
// 401 still names the scheme to use). A key inside the Basic credentials is never used, nor echoed.

const b64 = (text: string) => Buffer.from(text).toString('base64')
const MCP_HEADERS = { accept: 'application/json, text/event-stream' }

test('Basic, with or without a key inside, is 401 missing_api_key with a Bearer challenge naming no error', async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  for (const authorization of [`Basic ${b64(`${apiKey}:`)}`, `Basic ${b64(`:${apiKey}`)}`, 'Basic abc', 'basic']) {
    for (const [method, path, body] of [
      ['GET', '/api/v1/usage', undefined],
      ['POST', '/mcp', { jsonrpc: '2.0', id: 1, method: 'tools/list' }],
    ] as const) {
      const r = await call(method, path, { body, headers: { authorization, ...MCP_HEADERS } })
      const challenge = r.headers.get('www-authenticate') ?? ''
      expect({ authorization, path, status: r.status, code: r.body.error?.code }).toEqual({
        authorization,
        path,
        status: 401,
        code: 'missing_api_key',
      })
      expect(challenge).toStartWith('Bearer ')
      expect(challenge).not.toContain('error=')
      const said = JSON.stringify(r.body)
      expect(said).toContain('Basic')
      expect(said).toContain('x-api-key')
      expect(said).not.toContain(apiKey)
      expect(said).not.toContain(authorization.slice(6) || 'nothing sent')
    }
  }
  const earlier = await call('GET', '/api/routes/test-api', { headers: { authorization: `Basic ${b64(apiKey)}` } })
  expect(earlier.status).toBe(401)
  expect(earlier.body.success).toBe(false)
  expect(earlier.body.error).toContain('x-api-key')
  expect(earlier.headers.get('www-authenticate')).not.toContain('error=')
})

test('a key in x-api-key is used beside a Basic header, which is not read', async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  const r = await call('GET', '/api/v1/usage', { key: apiKey, headers: { authorization: 'Basic abc' } })
  expect(r.status).toBe(200)
})
