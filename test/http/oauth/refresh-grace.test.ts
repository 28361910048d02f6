// An MCP client that finds its access token expired on several requests at once refreshes on each of them with the
// same refresh token: the MCP TypeScript SDK 1.32 does (its transport calls auth() for every 401, with no lock). Each
// such refresh after the first was taken for a stolen token's replay, which ended the family: every call failed and
// the user had to allow the app again. docs/oauth.md#tokens: the refresh token just replaced is taken again for a few
// seconds (as Okta, Auth0, Amazon Cognito and Connect2id allow); an older one, or one replayed later, still ends it.
import { describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  bearer,
  MemoryOAuthProvider,
  oauthWorldsPerTest,
  obtainTokens,
  REDIRECT_URI,
  tokenRequest,
} from '../../support/oauth'

const world = oauthWorldsPerTest()
const later = (w: Awaited<ReturnType<typeof world>>, ms: number) => w.clock.set(new Date(w.clock.now().getTime() + ms))
const usage = (w: Awaited<ReturnType<typeof world>>, token: string) =>
  fetch(`${w.base}/api/v1/usage`, { headers: bearer(token) }).then((r) => r.status)

describe('a refresh token just replaced (docs/oauth.md#tokens)', () => {
  test('the SDK client, its token expired, calls two tools at once: both answer, and no new consent is asked', async () => {
    const w = await world()
    const provider = new MemoryOAuthProvider(REDIRECT_URI, {
      client_name: 'Assistant',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
    })
    const mcpUrl = new URL(`${w.base}/mcp`)
    const probe = new Client({ name: 'test', version: '1.0.0' })
    const connecting = probe.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))
    await expect(connecting).rejects.toBeInstanceOf(UnauthorizedError)
    const answer = await w.consent(provider.authorizationUrl as URL, await w.signIn())
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })
    await transport.finishAuth(answer.redirect?.searchParams.get('code') as string)
    const client = new Client({ name: 'test', version: '1.0.0' })
    await client.connect(transport)
    provider.authorizationUrl = undefined
    later(w, 61 * 60_000)
    const calls = await Promise.all([
      client.callTool({ name: 'get_usage', arguments: {} }),
      client.callTool({ name: 'list_platforms', arguments: {} }),
    ])
    expect(calls.map((c) => c.isError ?? false)).toEqual([false, false])
    expect(provider.authorizationUrl).toBeUndefined()
    expect(await usage(w, provider.saved?.access_token as string)).toBe(200)
    await client.close()
  })

  test('sent twice at once, or again within seconds: both answers work, and so do their refresh tokens', async () => {
    const w = await world()
    const t = await obtainTokens(w)
    const form = { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: t.clientId }
    const both = await Promise.all([tokenRequest(w, form), tokenRequest(w, form)])
    later(w, 5_000)
    const third = await tokenRequest(w, form)
    for (const a of [...both, third]) {
      expect(a.status).toBe(200)
      expect(a.headers.get('cache-control')).toBe('no-store')
      expect(await usage(w, a.body.access_token)).toBe(200)
    }
    const next = await tokenRequest(w, { ...form, refresh_token: third.body.refresh_token })
    expect(next.status).toBe(200)
  })

  test('replayed after the grace, or once a newer one was used: invalid_grant, and the family ends', async () => {
    const w = await world()
    for (const replay of ['late', 'older'] as const) {
      const t = await obtainTokens(w)
      const form = { grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: t.clientId }
      const second = await tokenRequest(w, form)
      let live = second.body
      if (replay === 'older') live = (await tokenRequest(w, { ...form, refresh_token: second.body.refresh_token })).body
      else later(w, 11_000)
      const again = await tokenRequest(w, form)
      expect(again.status).toBe(400)
      expect(again.body.error).toBe('invalid_grant')
      expect(await usage(w, live.access_token)).toBe(401)
      expect((await tokenRequest(w, { ...form, refresh_token: live.refresh_token })).body.error).toBe('invalid_grant')
    }
  })
})
