import { afterAll, describe, expect, test } from 'bun:test'
import { postMcp } from '../../support/mcp'
import {
  authorizeUrl,
  bearer,
  oauthWorld,
  obtainCode,
  pkcePair,
  registerClient,
  tokenRequest,
} from '../../support/oauth'

// Behind a proxy at leads.example.com, reached here on 127.0.0.1 (docs/oauth.md#public-url).
const stops: (() => void)[] = []
afterAll(() => {
  for (const halt of stops) halt()
})
const leadsWorld = async () => {
  const w = await oauthWorld({ config: { server: { public_url: 'https://leads.example.com' } } })
  stops.push(w.stop)
  return w
}
const mcpPing = (base: string, token: string) =>
  postMcp(`${base}/mcp`, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }), bearer(token))

describe('resource indicators name this service whatever the case of their scheme and host (docs/oauth.md#tokens)', () => {
  test('an upper-case scheme or host, or the default port, is this service: the code, the token and /mcp work', async () => {
    const w = await leadsWorld()
    const form = await obtainCode(w, { resource: 'HTTPS://Leads.Example.COM/mcp' })
    const tokens = await tokenRequest(w, { ...form, resource: 'https://LEADS.example.com:443/mcp' })
    expect(tokens.status).toBe(200)
    expect((await mcpPing(w.base, tokens.body.access_token)).status).toBe(200)
    const refreshed = await tokenRequest(w, {
      grant_type: 'refresh_token',
      refresh_token: tokens.body.refresh_token,
      client_id: form.client_id,
      resource: 'https://Leads.example.com',
    })
    expect(refreshed.status).toBe(200)
    expect((await mcpPing(w.base, refreshed.body.access_token)).status).toBe(200)
  })

  test('the path, a query, user information or another port still make another resource', async () => {
    const w = await leadsWorld()
    const client = (await registerClient(w)).body
    const { challenge } = pkcePair()
    for (const resource of [
      'https://leads.example.com/MCP',
      'https://leads.example.com/mcp?x=1',
      'https://leads.example.com/mcp#x',
      'https://ann@leads.example.com/mcp',
      'https://leads.example.com:8443/mcp',
      'http://leads.example.com/mcp',
      'https://leads.example.com.evil.test/mcp',
      'leads.example.com/mcp',
    ]) {
      const url = authorizeUrl(w, client.client_id, {
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource,
      })
      const res = await fetch(url, { redirect: 'manual' })
      expect(new URL(res.headers.get('location') ?? '').searchParams.get('error'), resource).toBe('invalid_target')
    }
  })

  test('server.public_url written with a capital or the default port is read as a client reads the address', async () => {
    const w = await oauthWorld({ config: { server: { public_url: 'https://Leads.Example.com:443/' } } })
    stops.push(w.stop)
    // What a client computes from the address it was given, and compares the metadata's issuer and resource with.
    const address = new URL('https://leads.example.com/mcp')
    const prm = (await (await fetch(`${w.base}/.well-known/oauth-protected-resource/mcp`)).json()) as any
    expect(prm).toMatchObject({ resource: address.href, authorization_servers: [address.origin] })
    const as = (await (await fetch(`${w.base}/.well-known/oauth-authorization-server`)).json()) as any
    expect(as.issuer).toBe(address.origin)
    expect(as.token_endpoint).toBe(`${address.origin}/oauth/token`)
  })
})
