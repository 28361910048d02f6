// docs/api.md#mcp-over-http: a client configured with a key (Claude Code's `headers`, the Inspector's --header) sends
// it on every request, beside any token it gets by signing in, and the key is what the server reads then
// (docs/api.md#authentication). A sign-in started by a wrong key's 401 could therefore never help: the SDK's client,
// with an OAuth provider as Claude Code has, registered itself and sent its user to sign in, and the token it got was
// refused as the key was. A wrong key is a 403 that says so, which such a client shows instead.
import { afterEach, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { issueApiKey, revokeApiKey } from '../../../src/domain/keys/keys'
import { bearer, MemoryOAuthProvider, oauthWorld, obtainTokens, REDIRECT_URI } from '../../support/oauth'

let stop: (() => void) | undefined
afterEach(() => stop?.())

const provider = () =>
  new MemoryOAuthProvider(REDIRECT_URI, {
    client_name: 'Assistant with a key',
    redirect_uris: [REDIRECT_URI],
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  })

describe('a client that sends a wrong key to /mcp', () => {
  test('is told the key is wrong, and is not sent to sign in: in x-api-key or as a bearer token, unknown or revoked', async () => {
    const world = await oauthWorld()
    stop = world.stop
    const revoked = await issueApiKey(world.deps, { teamId: world.team.id, label: 'old' })
    await revokeApiKey(world.deps, { teamId: world.team.id, key: revoked.prefix })
    const unknown = `lsk_${'A'.repeat(43)}`
    const sent: Record<string, string>[] = [
      { 'x-api-key': unknown },
      { 'x-api-key': revoked.apiKey },
      { authorization: `Bearer ${unknown}` },
    ]
    for (const headers of sent) {
      const oauth = provider()
      const client = new Client({ name: 'test', version: '1.0.0' })
      const transport = new StreamableHTTPClientTransport(new URL(`${world.base}/mcp`), {
        authProvider: oauth,
        requestInit: { headers },
      })
      const failure = await client.connect(transport).then(
        () => 'connected',
        (e: Error) => e.message,
      )
      expect([headers, failure, oauth.info, oauth.authorizationUrl]).toEqual([
        headers,
        expect.stringContaining('"code":"invalid_api_key"'),
        undefined,
        undefined,
      ])
    }
  })

  test('a sign-in could not have helped: with a valid token beside it, the wrong key is still what is read', async () => {
    const world = await oauthWorld()
    stop = world.stop
    const tokens = await obtainTokens(world)
    const res = await fetch(`${world.base}/mcp`, {
      method: 'POST',
      headers: {
        ...bearer(tokens.access_token),
        'x-api-key': `lsk_${'A'.repeat(43)}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('www-authenticate')).toBeNull()
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key')
  })
})
