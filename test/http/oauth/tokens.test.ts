import { afterEach, describe, expect, test } from 'bun:test'
import { createTeam } from '../../../src/domain/teams/teams'
import { createUser } from '../../../src/domain/users/users'
import {
  bearer,
  oauthWorld,
  obtainCode,
  obtainTokens,
  PASSWORD,
  registerClient,
  tokenRequest,
} from '../../support/oauth'
import { postMcp } from '../../support/mcp'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world(a: { config?: Record<string, unknown>; plan?: string } = {}) {
  const w = await oauthWorld(a)
  stop = w.stop
  return w
}

const usage = (base: string, headers: Record<string, string>) => fetch(`${base}/api/v1/usage`, { headers })

describe('access tokens on the API and MCP (docs/oauth.md#tokens)', () => {
  test('a request without a key or token gets 401 with WWW-Authenticate and the JSON body', async () => {
    const w = await world()
    const res = await usage(w.base, {})
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${w.base}/.well-known/oauth-protected-resource"`,
    )
    expect(((await res.json()) as any).error.code).toBe('missing_api_key')
  })

  test('the earlier routes, which take tokens too, answer their 401 and 403 with WWW-Authenticate (RFC 6750 §3)', async () => {
    const w = await world()
    const metadata = `resource_metadata="${w.base}/.well-known/oauth-protected-resource"`
    const testApi = (headers: Record<string, string>) => fetch(`${w.base}/api/routes/test-api`, { headers })
    const missing = await testApi({})
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer ${metadata}`)
    expect(((await missing.json()) as any).success).toBe(false)
    const unknown = await testApi(bearer('0'.repeat(64)))
    expect([unknown.status, unknown.headers.get('www-authenticate')]).toEqual([
      401,
      `Bearer error="invalid_token", ${metadata}`,
    ])
    const narrow = await obtainTokens(w, { scope: 'usage:read' })
    const search = await fetch(`${w.base}/api/routes/search`, {
      method: 'POST',
      headers: { ...bearer(narrow.access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'crm', network: 'reddit' }),
    })
    expect([search.status, search.headers.get('www-authenticate')]).toEqual([
      403,
      `Bearer error="insufficient_scope", scope="mentions:search", ${metadata}`,
    ])
  })

  test('a malformed, unknown, expired or revoked token is 401 invalid_token', async () => {
    const w = await world()
    const tokens = await obtainTokens(w)
    expect((await usage(w.base, bearer(tokens.access_token))).status).toBe(200)
    for (const header of ['Bearer two words', `Bearer ${'0'.repeat(64)}`, 'Bearer not-a-token']) {
      const res = await usage(w.base, { authorization: header })
      expect(res.status).toBe(401)
      expect(res.headers.get('www-authenticate')).toStartWith('Bearer error="invalid_token"')
    }
    w.clock.set(new Date(w.clock.now().getTime() + 61 * 60_000))
    expect((await usage(w.base, bearer(tokens.access_token))).status).toBe(401)

    const fresh = await obtainTokens(w)
    const headers = { 'sec-fetch-site': 'same-origin', cookie: await w.signIn() }
    const { apps } = (await (await fetch(`${w.base}/console/api/connected-apps`, { headers })).json()) as any
    expect(apps.length).toBeGreaterThan(0)
    for (const app of apps)
      expect(
        (await fetch(`${w.base}/console/api/connected-apps/${app.id}`, { method: 'DELETE', headers })).status,
      ).toBe(200)
    expect((await usage(w.base, bearer(fresh.access_token))).status).toBe(401)
    const refreshed = await tokenRequest(w, {
      grant_type: 'refresh_token',
      refresh_token: fresh.refresh_token,
      client_id: fresh.clientId,
    })
    expect(refreshed.body.error).toBe('invalid_grant')
  })

  test('a token for another resource is refused: another host name for the same server', async () => {
    const w = await world()
    const tokens = await obtainTokens(w)
    const other = `http://localhost:${w.server.port}`
    const res = await fetch(`${other}/api/v1/usage`, { headers: bearer(tokens.access_token) })
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain(`resource_metadata="${other}/.well-known/`)
  })

  test('a refresh token is used once; replaying it ends the whole family', async () => {
    const w = await world()
    const tokens = await obtainTokens(w)
    const form = { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: tokens.clientId }
    const next = await tokenRequest(w, form)
    expect(next.status).toBe(200)
    expect(next.headers.get('cache-control')).toBe('no-store')
    expect(next.body.refresh_token).not.toBe(tokens.refresh_token)
    expect((await usage(w.base, bearer(next.body.access_token))).status).toBe(200)
    // Past the seconds in which the client's own second use is still taken (refresh-grace.test.ts).
    w.clock.set(new Date(w.clock.now().getTime() + 11_000))
    const replay = await tokenRequest(w, form)
    expect(replay.status).toBe(400)
    expect(replay.body.error).toBe('invalid_grant')
    // The tokens issued from the replayed one are gone too.
    expect((await usage(w.base, bearer(next.body.access_token))).status).toBe(401)
    const later = await tokenRequest(w, { ...form, refresh_token: next.body.refresh_token })
    expect(later.body.error).toBe('invalid_grant')
  })

  // A refresh token sent twice at once is the client's own (refresh-grace.test.ts); a code is exchanged once only.
  test('the same code sent twice at once: the family ends whichever request wins', async () => {
    const w = await world()
    const exchange = await obtainCode(w)
    const answers = await Promise.all([tokenRequest(w, exchange), tokenRequest(w, exchange)])
    for (const won of answers.filter((a) => a.status === 200))
      expect((await usage(w.base, bearer(won.body.access_token))).status).toBe(401)
  })

  test("a token acts for its user's team only, and a starter-plan user's token has no API access", async () => {
    const w = await world()
    await createTeam(w.deps, { name: 'other', plan: 'starter' })
    await createUser(w.deps, { team: 'other', email: 'bob@other.test', role: 'owner', password: PASSWORD })
    const ann = await obtainTokens(w)
    expect(((await (await usage(w.base, bearer(ann.access_token))).json()) as any).team).toBe('acme')
    const bob = await obtainTokens(w, { email: 'bob@other.test' })
    const res = await usage(w.base, bearer(bob.access_token))
    expect(res.status).toBe(403)
    expect(((await res.json()) as any).error.code).toBe('no_api_access')
  })

  test('a missing scope is 403 insufficient_scope on the API and on an MCP tool call; usage is charged as with a key', async () => {
    const w = await world()
    const tokens = await obtainTokens(w, { scope: 'usage:read' })
    expect(tokens.scope).toBe('usage:read')
    const score = await fetch(`${w.base}/api/v1/leads/score`, {
      method: 'POST',
      headers: { ...bearer(tokens.access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'we need a CRM' }),
    })
    expect(score.status).toBe(403)
    expect(((await score.json()) as any).error.code).toBe('insufficient_scope')
    expect(score.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="leads:score"')
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'score_lead', arguments: { content: 'x' } },
    }
    const mcp = await postMcp(`${w.base}/mcp`, JSON.stringify(call), bearer(tokens.access_token))
    expect(mcp.status).toBe(403)
    expect(mcp.headers.get('www-authenticate')).toContain(
      `resource_metadata="${w.base}/.well-known/oauth-protected-resource/mcp"`,
    )
    expect((await w.deps.repos.teams.find(w.team.id))?.quotaUsed).toBe(0)

    const full = await obtainTokens(w)
    const scored = await fetch(`${w.base}/api/v1/leads/score`, {
      method: 'POST',
      headers: { ...bearer(full.access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'we need a CRM for our sales team' }),
    })
    expect(scored.status).toBe(200)
    expect((await w.deps.repos.teams.find(w.team.id))?.quotaUsed).toBe(1)
  })

  test("a batch of MCP 2025-03-26 holding a tool call outside the token's scopes is 403, with nothing run", async () => {
    const w = await world()
    const tokens = await obtainTokens(w, { scope: 'usage:read' })
    const call = (id: number, name: string, args: Record<string, unknown>) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name, arguments: args },
    })
    const batch = [call(1, 'get_usage', {}), call(2, 'rate_signal', { id: 'sig_x', verdict: 'not_relevant' })]
    const mcp = await postMcp(`${w.base}/mcp`, JSON.stringify(batch), bearer(tokens.access_token))
    expect(mcp.status).toBe(403)
    expect(mcp.headers.get('www-authenticate')).toContain(
      'error="insufficient_scope", scope="signals:write usage:read"',
    )
    expect(((await mcp.json()) as any).error.code).toBe('insufficient_scope')
  })

  test('Connected apps lists every scope the app was allowed, when it asks again for fewer', async () => {
    const w = await world()
    const client = (await registerClient(w)).body
    const first = await tokenRequest(w, await obtainCode(w, { client, scope: 'signals:read webhooks:manage' }))
    const second = await tokenRequest(w, await obtainCode(w, { client, scope: 'usage:read' }))
    expect([first.body.scope, second.body.scope]).toEqual(['signals:read webhooks:manage', 'usage:read'])
    // The first token still manages webhooks (it was allowed to), so the list must say so: it said usage:read only.
    const webhooks = await fetch(`${w.base}/api/v1/webhooks`, { headers: bearer(first.body.access_token) })
    expect(webhooks.status).toBe(200)
    const headers = { 'sec-fetch-site': 'same-origin', cookie: await w.signIn() }
    const { apps } = (await (await fetch(`${w.base}/console/api/connected-apps`, { headers })).json()) as any
    expect(apps.map((a: any) => a.scopes.toSorted())).toEqual([['signals:read', 'usage:read', 'webhooks:manage']])
  })
})
