// docs/api.md#order-of-checks, for every route at once: each /api/v1 route and /mcp refuses a missing key, a revoked
// key, a plan without API access and an expired OAuth token, and a route naming another team's signal, endpoint or
// delivery answers 404 and changes nothing of that team's. A new route must take its row here.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { issueApiKey, revokeApiKey } from '../../src/domain/keys/keys'
import { createTeam } from '../../src/domain/teams/teams'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { callTool, httpClient, toolErrorOf } from '../support/mcp'
import { bearer, oauthWorld, obtainTokens } from '../support/oauth'
import { deliveryRows, endpointInput, signalRow, storeSignals } from '../support/webhooks'

type World = Awaited<ReturnType<typeof oauthWorld>>
let w: World
// Another team's key and the ids of its signal, its author, webhook endpoint and delivery.
let other: { apiKey: string; signalId: string; personId: string; endpointId: string; deliveryId: string }
let keys: { revoked: string; starter: string }
let token: string

// The first message of every MCP session.
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'matrix', version: '1' } },
}

/** Every route, with a body it would accept; `:id` and `:deliveryId` are filled with the other team's ids. */
const ROUTES: Record<string, { body?: unknown; ids?: 'signal' | 'endpoint' | 'person' }> = {
  'GET /api/v1/usage': {},
  'GET /api/v1/signals': {},
  'GET /api/v1/signals/export': {},
  'POST /api/v1/signals/:id/feedback': { body: { verdict: 'relevant' }, ids: 'signal' },
  'GET /api/v1/people': {},
  'GET /api/v1/people/export': {},
  'GET /api/v1/people/heat-threshold': {},
  'PUT /api/v1/people/heat-threshold': { body: { heatThreshold: 60 } },
  'GET /api/v1/people/:id': { ids: 'endpoint' },
  'POST /api/v1/people/:id/links': { body: { personId: 'per_000000000000000000000000' }, ids: 'endpoint' },
  'DELETE /api/v1/people/:id/links/:otherId': { ids: 'endpoint' },
  'PUT /api/v1/people/:id/mute': { body: { muted: true }, ids: 'endpoint' },
  'DELETE /api/v1/people/:id': { ids: 'person' },
  'GET /api/v1/keywords': {},
  'POST /api/v1/leads/score': { body: { text: 'Looking for a CRM for our sales team' } },
  'POST /api/v1/mentions/search': { body: { platform: 'reddit', keyword: 'crm' } },
  'GET /api/v1/platforms': {},
  'GET /api/v1/webhooks': {},
  'POST /api/v1/webhooks': { body: { url: 'http://127.0.0.1:9/hook' } },
  'GET /api/v1/webhooks/:id': { ids: 'endpoint' },
  'PATCH /api/v1/webhooks/:id': { body: { enabled: false }, ids: 'endpoint' },
  'GET /api/v1/webhooks/:id/deliveries': { ids: 'endpoint' },
  'DELETE /api/v1/webhooks/:id': { ids: 'endpoint' },
  'POST /api/v1/webhooks/:id/test': { ids: 'endpoint' },
  'POST /api/v1/webhooks/:id/rotate-secret': { ids: 'endpoint' },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/replay': { ids: 'endpoint' },
  'ALL /mcp': { body: initialize },
}

const pathOf = (path: string, ids?: 'signal' | 'endpoint' | 'person') =>
  path
    .replace(':deliveryId', other.deliveryId)
    .replace(':id', ids === 'signal' ? other.signalId : ids === 'person' ? other.personId : other.endpointId)

async function call(route: string, headers: Record<string, string>) {
  const [method, path] = route.split(' ') as [string, string]
  const { body, ids } = ROUTES[route] ?? {}
  const res = await fetch(`${w.base}${pathOf(path, ids)}`, {
    method: method === 'ALL' ? 'POST' : method,
    headers: {
      accept: 'application/json, text/event-stream',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: JSON.parse(text || 'null') }
}

beforeAll(async () => {
  w = await oauthWorld({ config: { webhooks: { allow_private_targets: true } } })
  const second = await issueApiKey(w.deps, { teamId: w.team.id, label: 'gone' })
  await revokeApiKey(w.deps, { teamId: w.team.id, key: second.prefix })
  const starter = await createTeam(w.deps, { name: 'tiny-co', plan: 'starter' })
  keys = { revoked: second.apiKey, starter: starter.apiKey }
  const b = await createTeam(w.deps, { name: 'other-co', plan: 'growth' })
  const { endpoint } = await createEndpoint(w.deps, {
    teamId: b.team.id,
    input: endpointInput('http://127.0.0.1:9/hook'),
  })
  const signal = signalRow(b.team.id)
  await storeSignals(w.deps, [signal])
  const [delivery] = await deliveryRows(w.deps)
  const [person] = (await w.deps.database.client.execute('select id from people')).rows
  other = {
    apiKey: b.apiKey,
    signalId: signal.id,
    personId: String(person?.id),
    endpointId: endpoint.id,
    deliveryId: String(delivery?.id),
  }
  // For the API's address, which names no scope: every scope (at the MCP address, the tools' only).
  token = (await obtainTokens(w, { resource: w.base })).access_token
})
afterAll(() => w.stop())

describe('every /api/v1 route and /mcp', () => {
  test('the matrix names every route the app serves', () => {
    const served = createApp(w.deps)
      .routes.filter((r) => /^\/(api\/v1|mcp)/.test(r.path))
      .map((r) => `${r.method} ${r.path}`)
    expect(served.sort()).toEqual(Object.keys(ROUTES).sort())
  })

  test('without a key: 401 missing_api_key', async () => {
    for (const route of Object.keys(ROUTES))
      expect([route, await call(route, {})]).toMatchObject([
        route,
        { status: 401, body: { error: { code: 'missing_api_key' } } },
      ])
  })

  test('with a revoked key: invalid_api_key, 401 (403 on /mcp, docs/api.md#mcp-over-http)', async () => {
    for (const route of Object.keys(ROUTES))
      expect([route, await call(route, { 'x-api-key': keys.revoked })]).toMatchObject([
        route,
        { status: route === 'ALL /mcp' ? 403 : 401, body: { error: { code: 'invalid_api_key' } } },
      ])
  })

  test('with the key of a starter team (no API access): 403 no_api_access', async () => {
    for (const route of Object.keys(ROUTES))
      expect([route, await call(route, { 'x-api-key': keys.starter })]).toMatchObject([
        route,
        { status: 403, body: { error: { code: 'no_api_access' } } },
      ])
  })

  test("naming another team's signal, endpoint or delivery: 404, and that team's rows are as they were", async () => {
    const before = await rowsOfOther()
    for (const [route, { ids }] of Object.entries(ROUTES)) {
      if (!ids) continue
      expect([route, await call(route, { 'x-api-key': w.apiKey })]).toMatchObject([route, { status: 404 }])
    }
    expect(await rowsOfOther()).toEqual(before)
    // The lists of the caller's own team show none of the other team's rows.
    const signals = await call('GET /api/v1/signals', { 'x-api-key': w.apiKey })
    expect(signals.status).toBe(200)
    expect(signals.body.signals.map((s: { id: string }) => s.id)).not.toContain(other.signalId)
    const endpoints = await call('GET /api/v1/webhooks', { 'x-api-key': w.apiKey })
    expect(endpoints.body.endpoints.map((e: { id: string }) => e.id)).not.toContain(other.endpointId)
  })

  test("over MCP, rating another team's signal is not_found and lists show none of its signals", async () => {
    const client = await httpClient(new URL('/mcp', w.base), w.apiKey)
    try {
      const rated = await callTool(client, 'rate_signal', { id: other.signalId, verdict: 'relevant' })
      expect(toolErrorOf(rated).code).toBe('not_found')
      const listed = await callTool(client, 'list_signals', {})
      expect(JSON.stringify(listed.structuredContent)).not.toContain(other.signalId)
    } finally {
      await client.close()
    }
  })

  test('with an expired OAuth token: 401, where the same token was accepted before it expired', async () => {
    expect((await call('GET /api/v1/usage', bearer(token))).status).toBe(200)
    w.clock.set(new Date(w.clock.now().getTime() + 61 * 60_000))
    for (const route of Object.keys(ROUTES))
      expect([route, await call(route, bearer(token))]).toMatchObject([
        route,
        { status: 401, body: { error: { code: 'invalid_token' } } },
      ])
  })
})

/** The other team's signal (and its verdict), endpoint and deliveries, as stored. */
async function rowsOfOther() {
  const read = async (sql: string) =>
    (await w.deps.database.client.execute({ sql, args: [] })).rows.map((r) => ({ ...r }))
  return {
    signals: await read(`select s.*, f.verdict from signals s left join signal_feedback f on f.signal_id = s.id`),
    endpoints: await read('select * from webhook_endpoints'),
    deliveries: await deliveryRows(w.deps),
    people: await read('select * from people'),
  }
}
