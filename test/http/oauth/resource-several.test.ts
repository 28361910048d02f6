import { afterEach, describe, expect, test } from 'bun:test'
import { postMcp } from '../../support/mcp'
import { authorizeUrl, bearer, oauthWorld, pkcePair, registerClient } from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

/** An authorization URL naming each of `resources` as its own `resource` parameter (RFC 8707 §2). */
function withResources(url: URL, resources: string[]) {
  url.searchParams.delete('resource')
  for (const resource of resources) url.searchParams.append('resource', resource)
  return url
}

const tokenForm = (form: Record<string, string>, resources: string[]) => {
  const body = new URLSearchParams(form)
  for (const resource of resources) body.append('resource', resource)
  return body
}

const postToken = (base: string, body: URLSearchParams) =>
  fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })

describe('several resource parameters (RFC 8707 §2, docs/oauth.md#authorization)', () => {
  test('each naming this service: the request goes on, and the token works on /mcp and on /api/v1', async () => {
    const w = await oauthWorld()
    stop = w.stop
    const client = (await registerClient(w)).body
    const { verifier, challenge } = pkcePair()
    const resources = [`${w.base}/mcp`, w.base, `${w.base}/mcp`]
    const url = withResources(
      authorizeUrl(w, client.client_id, { code_challenge: challenge, code_challenge_method: 'S256' }),
      resources,
    )
    const answer = await w.consent(url, await w.signIn())
    const code = answer.redirect?.searchParams.get('code')
    expect(code, answer.location).toBeString()
    const form = {
      grant_type: 'authorization_code',
      code: code as string,
      code_verifier: verifier,
      client_id: client.client_id,
      redirect_uri: 'http://127.0.0.1:53682/callback',
    }
    const res = await postToken(w.base, tokenForm(form, [w.base, `${w.base}/mcp`]))
    const tokens = (await res.json()) as Record<string, string>
    expect(res.status, JSON.stringify(tokens)).toBe(200)
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    expect((await postMcp(`${w.base}/mcp`, ping, bearer(tokens.access_token))).status).toBe(200)
    expect((await fetch(`${w.base}/api/v1/usage`, { headers: bearer(tokens.access_token) })).status).toBe(200)
    const refreshed = await postToken(
      w.base,
      tokenForm({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id }, [
        `${w.base}/mcp`,
        `${w.base}/`,
      ]),
    )
    expect(refreshed.status).toBe(200)
  })

  test('one of them another resource: invalid_target, naming it and the identifiers this service answers to', async () => {
    const w = await oauthWorld()
    stop = w.stop
    const client = (await registerClient(w)).body
    const pkce = { code_challenge: pkcePair().challenge, code_challenge_method: 'S256', state: 's' }
    const url = withResources(authorizeUrl(w, client.client_id, pkce), [`${w.base}/mcp`, 'https://other.example/mcp'])
    const res = await fetch(url, { redirect: 'manual' })
    const error = Object.fromEntries(new URL(res.headers.get('location') as string).searchParams)
    expect(error).toMatchObject({ error: 'invalid_target', state: 's' })
    expect(error.error_description).toBe(
      `resource https://other.example/mcp is not this service, which answers to ${w.base}/mcp and ${w.base}`,
    )

    const refused = await postToken(
      w.base,
      tokenForm({ grant_type: 'refresh_token', refresh_token: 'x', client_id: client.client_id }, [
        w.base,
        'https://other.example/',
      ]),
    )
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({
      error: 'invalid_target',
      error_description: `resource https://other.example/ is not this service, which answers to ${w.base}/mcp and ${w.base}`,
    })
  })
})
