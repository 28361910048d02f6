import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/api.md#authentication: `Authorization: Bearer ` with nothing after it (a client's `Bearer $TOKEN` with the
// variable unset) sends no credential. It was 401 invalid_token with `error="invalid_token"`, the answer to a bad
// access token, which tells an OAuth client to throw its token away and refresh it, though it sent none. RFC 6750
// §3.1: a request that lacks any authentication information is answered without an error code. Now 401
// missing_api_key in the contract's error shape, saying the header holds no token and where a key or token goes, with
// a Bearer challenge that names no error (on /mcp, the scopes to ask for too).

const MCP_HEADERS = { accept: 'application/json, text/event-stream' }
const NO_TOKEN =
  'the Authorization header has no token after Bearer: send your API key in the x-api-key header, or an OAuth access token as Authorization: Bearer <token>'
const REQUESTS = [
  { method: 'GET', path: '/api/v1/usage', body: undefined, scope: false },
  { method: 'POST', path: '/mcp', body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, scope: true },
] as const

test('an empty Bearer is 401 missing_api_key, saying so, with a challenge naming no error', async () => {
  const { deps } = await testDeps()
  await seedTeam(deps)
  const call = client(deps)
  for (const authorization of ['Bearer ', 'Bearer', 'bearer   ', 'BEARER\t'])
    for (const { method, path, body, scope } of REQUESTS) {
      const r = await call(method, path, { body, headers: { authorization, ...MCP_HEADERS } })
      const challenge = r.headers.get('www-authenticate') ?? ''
      expect({ authorization, path, status: r.status, error: r.body.error }).toEqual({
        authorization,
        path,
        status: 401,
        error: { code: 'missing_api_key', message: NO_TOKEN },
      })
      // RFC 6750 §3: the scheme and where the resource's metadata is; RFC 6750 §3.1: no error code without a token.
      expect({ challenge, scheme: challenge.split(' ')[0], error: /\berror=/.test(challenge) }).toEqual({
        challenge: expect.stringContaining('resource_metadata="'),
        scheme: 'Bearer',
        error: false,
      })
      expect(challenge.includes('scope="')).toBe(scope)
    }
  const earlier = await call('GET', '/api/routes/test-api', { headers: { authorization: 'Bearer ' } })
  expect(earlier.status).toBe(401)
  expect(earlier.body).toEqual({ success: false, error: expect.stringContaining('has no token after Bearer') })
  expect(earlier.headers.get('www-authenticate')).not.toContain('error=')
})

test('an empty Bearer beside a key in x-api-key is not read: the key is used', async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const r = await client(deps)('GET', '/api/v1/usage', { key: apiKey, headers: { authorization: 'Bearer ' } })
  expect(r.status).toBe(200)
})
