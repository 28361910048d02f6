import { describe, expect, test } from 'bun:test'
import { createUser } from '../../src/domain/users/users'
import { fakesPerTest } from '../support/fake-upstream'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

// docs/destinations.md#urls-are-shown-masked: a chat webhook's URL is the permission to post into the channel.
const receiver = fakesPerTest()
const DISCORD_TOKEN = 'aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5zA7bC9dE1fG3hI5jK7lM9nO1pQ3rS5tU7'
const SLACK_SECRET = 'XyZ12abCDef34GhIJkl56mNo'
const SIG = 'Qx9_vB2-kLm7NpR4sT6uW8yZ0aC3eG5iK'
const PASSWORD = 'correct horse battery'

async function world() {
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true }, email: { host: 'smtp.example.com' } },
  })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  const call = client(deps)
  const r = receiver((req) =>
    req.url.pathname.startsWith('/api/webhooks/') ? new Response(null, { status: 204 }) : new Response('ok'),
  )
  const add = async (body: object) => {
    const made = await call('POST', '/api/v1/webhooks', { key: apiKey, body })
    expect(made.status).toBe(201)
    return made.body.endpoint
  }
  return { deps, team, key: apiKey, call, r, add }
}

describe('destination URLs are shown masked (docs/destinations.md#urls-are-shown-masked)', () => {
  test('create, list and read show no Discord token, Slack secret or Teams sig', async () => {
    const { key, call, r, add } = await world()
    const discord = await add({ kind: 'discord', url: `${r.origin}/api/webhooks/1234567890/${DISCORD_TOKEN}` })
    const slack = await add({ kind: 'slack', url: `${r.origin}/services/T0AB12CD3/B0EF45GH6/${SLACK_SECRET}` })
    const teams = await add({
      kind: 'teams',
      url: `${r.origin}/workflows/0a1b2c3d/triggers/manual/paths/invoke?api-version=2016-06-01&sig=${SIG}`,
    })
    expect(discord.url).toBe(`${r.origin}/api/webhooks/1234567890/••••5tU7`)
    expect(slack.url).toBe(`${r.origin}/services/T0AB12CD3/B0EF45GH6/••••6mNo`)
    expect(teams.url).toBe(`${r.origin}/workflows/0a1b2c3d/triggers/manual/paths/invoke?api-version=••••&sig=••••G5iK`)
    const seen = [
      JSON.stringify((await call('GET', '/api/v1/webhooks', { key })).body),
      ...(await Promise.all(
        [discord, slack, teams].map(async (e) =>
          JSON.stringify((await call('GET', `/api/v1/webhooks/${e.id}`, { key })).body),
        ),
      )),
    ]
    for (const text of seen) for (const secret of [DISCORD_TOKEN, SLACK_SECRET, SIG]) expect(text).not.toContain(secret)
  })

  test('a PATCH that sends the masked URL back keeps delivering to the real one; another masked URL is refused', async () => {
    const { key, call, r, add } = await world()
    const made = await add({ kind: 'discord', url: `${r.origin}/api/webhooks/1234567890/${DISCORD_TOKEN}` })
    const shown = (await call('GET', `/api/v1/webhooks/${made.id}`, { key })).body
    // A client that reads the destination, changes one field and sends the rest back as it read them.
    const { url, kind, cadence, digestHour, timeZone, quietHours, enabled } = shown
    const echoed = await call('PATCH', `/api/v1/webhooks/${made.id}`, {
      key,
      body: { url, kind, cadence, digestHour, timeZone, quietHours, enabled, minScore: 8 },
    })
    expect(echoed.status).toBe(200)
    expect(echoed.body).toMatchObject({ url: shown.url, filters: { minScore: 8 } })
    expect(JSON.stringify(echoed.body)).not.toContain(DISCORD_TOKEN)
    // Re-encoded by a client's URL library, it is the same view.
    const encoded = url.replaceAll('•', '%E2%80%A2')
    expect((await call('PATCH', `/api/v1/webhooks/${made.id}`, { key, body: { url: encoded } })).status).toBe(200)

    const wrong = await call('PATCH', `/api/v1/webhooks/${made.id}`, {
      key,
      body: { url: url.replace('1234567890', '999'), minScore: 9 },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.error.code).toBe('invalid_request')
    expect(wrong.body.error.details).toEqual([{ field: 'url', message: expect.stringContaining('masked') }])
    expect((await call('GET', `/api/v1/webhooks/${made.id}`, { key })).body.filters.minScore).toBe(8)

    const tested = await call('POST', `/api/v1/webhooks/${made.id}/test`, { key })
    expect(tested.body.status).toBe('succeeded')
    expect(r.received.map((q) => q.url.pathname)).toEqual([`/api/webhooks/1234567890/${DISCORD_TOKEN}`])
  })

  test('a new destination given a masked URL is refused and not stored', async () => {
    const { key, call, r } = await world()
    const res = await call('POST', '/api/v1/webhooks', {
      key,
      body: { kind: 'webhook', url: `${r.origin}/hook?token=••••G5iK` },
    })
    expect(res.status).toBe(400)
    expect(res.body.error.details[0].field).toBe('url')
    expect((await call('GET', '/api/v1/webhooks', { key })).body.endpoints).toEqual([])
  })

  test("the console's list shows the masked URL, and its change keeps the real one", async () => {
    const { deps, call, r, add } = await world()
    const made = await add({ kind: 'slack', url: `${r.origin}/services/T0AB12CD3/B0EF45GH6/${SLACK_SECRET}` })
    await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
    const same = { 'sec-fetch-site': 'same-origin' }
    const signedIn = await call('POST', '/console/api/session', {
      body: { email: 'ann@acme.test', password: PASSWORD },
      headers: same,
    })
    const headers = { ...same, cookie: String(signedIn.headers.get('set-cookie')).split(';')[0] }
    const list = await call('GET', '/console/api/webhooks', { headers })
    expect(list.status).toBe(200)
    expect(JSON.stringify(list.body)).not.toContain(SLACK_SECRET)
    const changed = await call('PATCH', `/console/api/webhooks/${made.id}`, {
      headers,
      body: { url: list.body.endpoints[0].url, cadence: 'hourly' },
    })
    expect(changed.status).toBe(200)
    const stored = await deps.repos.webhookEndpoints.byIdAnyTeam(made.id)
    expect(stored?.url).toBe(`${r.origin}/services/T0AB12CD3/B0EF45GH6/${SLACK_SECRET}`)
  })

  test("the OpenAPI document says an endpoint's url is masked in answers", async () => {
    const { call } = await world()
    const spec = (await call('GET', '/swagger/json')).body
    const got = spec.paths['/api/v1/webhooks/{id}'].get.responses['200'].content['application/json'].schema
    const endpoint = got.$ref ? spec.components.schemas[got.$ref.split('/').pop()] : got
    expect(endpoint.properties.url.description).toContain('masked')
    expect(endpoint.properties.url.description).toContain('docs/destinations.md#urls-are-shown-masked')
  })
})
