import { expect, test } from 'bun:test'
import { bearer, oauthWorldsPerTest, obtainTokens } from '../../support/oauth'
import { postMcp } from '../../support/mcp'

// docs/api.md#authentication: a bearer token that is not valid here is answered in OAuth's words (RFC 6750 §3.1:
// 401 with the challenge's error="invalid_token", and RFC 9728's resource_metadata), and the JSON body, in the API's
// error shape, says the same code: it said invalid_api_key, a word for keys the developer never sent. A key, in
// x-api-key or as a bearer token, keeps invalid_api_key.

const world = oauthWorldsPerTest()

const usage = async (base: string, headers: Record<string, string>) => {
  const res = await fetch(`${base}/api/v1/usage`, { headers })
  return { status: res.status, challenge: res.headers.get('www-authenticate'), body: (await res.json()) as any }
}

test('a malformed or unknown bearer token: 401 invalid_token in the body and in the challenge', async () => {
  const w = await world()
  const challenge = `Bearer error="invalid_token", resource_metadata="${w.base}/.well-known/oauth-protected-resource"`
  // Another scheme (Basic), or Bearer with nothing after it, is no token at all: missing_api_key (basic-auth.test.ts,
  // empty-bearer.test.ts). Two words after Bearer are a malformed one.
  for (const authorization of [`Bearer ${'0'.repeat(64)}`, 'Bearer not-a-token', 'Bearer two words']) {
    const answer = await usage(w.base, { authorization })
    expect({ authorization, status: answer.status, challenge: answer.challenge, code: answer.body.error.code }).toEqual(
      { authorization, status: 401, challenge, code: 'invalid_token' },
    )
  }
})

test('an expired token and one issued for another address of the service: invalid_token, saying what to do', async () => {
  const w = await world()
  const tokens = await obtainTokens(w)
  const other = `http://localhost:${w.server.port}`
  const elsewhere = await usage(other, bearer(tokens.access_token))
  expect(elsewhere).toMatchObject({
    status: 401,
    challenge: `Bearer error="invalid_token", resource_metadata="${other}/.well-known/oauth-protected-resource"`,
    body: { error: { code: 'invalid_token' } },
  })
  // Named, so a developer behind a proxy sees which address the token is bound to (docs/oauth.md#public-url).
  expect(elsewhere.body.error.message).toContain(w.base)
  expect(elsewhere.body.error.message).toContain(other)

  w.clock.set(new Date(w.clock.now().getTime() + 61 * 60_000))
  const expired = await usage(w.base, bearer(tokens.access_token))
  expect(expired).toMatchObject({ status: 401, body: { error: { code: 'invalid_token' } } })
  expect(expired.challenge).toStartWith('Bearer error="invalid_token", resource_metadata=')
  expect(expired.body.error.message).toContain('refresh')
})

test('/mcp answers a token that is not valid with invalid_token too', async () => {
  const w = await world()
  const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
  const res = await postMcp(`${w.base}/mcp`, list, bearer('0'.repeat(64)))
  expect(res.status).toBe(401)
  expect(res.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token", scope="')
  expect(((await res.json()) as any).error.code).toBe('invalid_token')
})

test('a key keeps its own words: in x-api-key or as a bearer token, a wrong key is invalid_api_key', async () => {
  const w = await world()
  const keys: Record<string, string>[] = [
    { 'x-api-key': 'lsk_wrong' },
    { authorization: `Bearer lsk_${'A'.repeat(43)}` },
  ]
  for (const headers of keys) {
    const answer = await usage(w.base, headers)
    expect(answer).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_api_key', message: 'the API key is not valid' } },
    })
  }
})
