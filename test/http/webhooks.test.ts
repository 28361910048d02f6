import { describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { fakesPerTest } from '../support/fake-upstream'
import { seedTeam, testDeps } from '../support/deps'
import { deliverDue, signalRow, storeSignals, verified } from '../support/webhooks'

const receiver = fakesPerTest()

async function world(allowPrivate = true) {
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: allowPrivate } },
  })
  const { team, apiKey } = await seedTeam(deps)
  const call = client(deps)
  return { deps, team, key: apiKey, call }
}

describe('/api/v1/webhooks', () => {
  test('add (the secret once), list, read, change, disable, remove; not counted', async () => {
    const { key, call } = await world()
    const r = receiver(() => new Response('ok'))
    const made = await call('POST', '/api/v1/webhooks', {
      key,
      body: { url: `${r.origin}/hook`, minScore: 7, intents: ['ACTIVE'], platforms: ['reddit'] },
    })
    expect(made.status).toBe(201)
    expect(made.body.secret).toMatch(/^whsec_/)
    expect(made.body.endpoint).toMatchObject({
      url: `${r.origin}/hook`,
      kind: 'webhook',
      event: 'signal.created',
      enabled: true,
      filters: { minScore: 7, intents: ['ACTIVE'], keywords: null, platforms: ['reddit'] },
      disabledReason: null,
    })
    const id = made.body.endpoint.id
    const list = await call('GET', '/api/v1/webhooks', { key })
    expect(list.status).toBe(200)
    expect(list.body.endpoints.map((e: { id: string }) => e.id)).toEqual([id])
    expect(JSON.stringify(list.body)).not.toContain(made.body.secret)

    const changed = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { enabled: false, keywords: ['crm'] } })
    expect(changed.status).toBe(200)
    expect(changed.body).toMatchObject({ enabled: false, filters: { keywords: ['crm'], minScore: 7 } })
    expect((await call('GET', `/api/v1/webhooks/${id}`, { key })).body.enabled).toBe(false)

    expect((await call('DELETE', `/api/v1/webhooks/${id}`, { key })).status).toBe(204)
    expect((await call('GET', `/api/v1/webhooks/${id}`, { key })).status).toBe(404)
    expect((await call('GET', '/api/v1/usage', { key })).body.usage.used).toBe(0)
  })

  test('bad input is 400 invalid_request and stores nothing; no key is 401; another team sees 404', async () => {
    const { deps, key, call } = await world(false)
    const bad = [
      { url: 'ftp://example.com/x' },
      { url: 'http://127.0.0.1:9/x' },
      { url: 'https://example.com/x', intents: [] },
      { url: 'https://example.com/x', intents: ['BUYING'] },
      { url: 'https://example.com/x', minScore: 11 },
      { url: 'https://example.com/x', colour: 'red' },
      { url: 'https://example.com/x', kind: 'teams' },
      // A field the kind does not read, and filter lists past their bounds.
      { url: 'https://example.com/x', to: 'ann@example.com' },
      { url: 'https://example.com/x', keywords: Array.from({ length: 101 }, (_, i) => `k${i}`) },
      { url: 'https://example.com/x', timeZone: '+05:00' },
      { url: 'https://example.com/x', intents: ['ACTIVE', 'PAIN', 'QUESTION', 'MENTION', 'COMPETITOR', 'ACTIVE'] },
    ]
    for (const body of bad) {
      const res = await call('POST', '/api/v1/webhooks', { key, body })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_request')
      // Every refusal names the field it is about, for programs as for people.
      expect(res.body.error.details?.length).toBeGreaterThan(0)
    }
    expect((await call('GET', '/api/v1/webhooks', { key })).body.endpoints).toEqual([])
    // A private address says which setting of the operator's would allow it.
    const local = await call('POST', '/api/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/x' } })
    expect(local.body.error.message).toContain('webhooks.allow_private_targets = true')
    expect((await call('GET', '/api/v1/webhooks')).status).toBe(401)
    const nothing = await call('PATCH', '/api/v1/webhooks/whe_x', { key, body: {} })
    expect(nothing.status).toBe(400)
    expect(nothing.body.error.message).toBe('the request body must name at least one field to change')

    deps.config.webhooks.allow_private_targets = true
    const made = await call('POST', '/api/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/x', platforms: ['reddit', 'reddit', 'github'], timeZone: 'europe/berlin' },
    })
    expect(made.body.endpoint.filters.platforms).toEqual(['reddit', 'github'])
    expect(made.body.endpoint.timeZone).toBe('Europe/Berlin')
    const id = made.body.endpoint.id
    const stored = (await call('GET', `/api/v1/webhooks/${id}`, { key })).body
    const wrongField = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { to: 'ann@example.com' } })
    expect(wrongField.status).toBe(400)
    expect(wrongField.body.error.details).toEqual([{ field: 'to', message: 'is not read by a webhook destination' }])
    expect((await call('GET', `/api/v1/webhooks/${id}`, { key })).body).toEqual(stored)
    const other = await seedTeam(deps, { name: 'other' })
    expect((await call('GET', `/api/v1/webhooks/${id}`, { key: other.apiKey })).status).toBe(404)
    expect((await call('DELETE', `/api/v1/webhooks/${id}`, { key: other.apiKey })).status).toBe(404)
    expect((await call('GET', `/api/v1/webhooks/${id}/deliveries`, { key: other.apiKey })).status).toBe(404)
  })

  test('test event, delivery log, replay and secret rotation', async () => {
    const { deps, team, key, call } = await world()
    let status = 503
    const r = receiver(() => new Response('', { status }))
    const made = await call('POST', '/api/v1/webhooks', { key, body: { url: r.origin } })
    const { id } = made.body.endpoint
    const tested = await call('POST', `/api/v1/webhooks/${id}/test`, { key })
    expect(tested.status).toBe(200)
    expect(tested.body).toMatchObject({ event: 'webhook.test', status: 'pending', attempts: 1, lastStatusCode: 503 })
    expect(tested.body.nextAttemptAt).toBeString()
    expect(verified(made.body.secret, r.received[0])).toMatchObject({
      type: 'webhook.test',
      data: { team: { name: 'acme' } },
    })

    status = 200
    await storeSignals(deps, [signalRow(team.id)])
    await deliverDue(deps)
    const log = await call('GET', `/api/v1/webhooks/${id}/deliveries`, { key })
    expect(log.status).toBe(200)
    const signalDelivery = log.body.deliveries.find((d: { event: string }) => d.event === 'signal.created')
    expect(signalDelivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, nextAttemptAt: null })
    const pending = await call('GET', `/api/v1/webhooks/${id}/deliveries?status=pending`, { key })
    expect(pending.body.deliveries.map((d: { id: string }) => d.id)).toEqual([tested.body.id])

    const replayed = await call('POST', `/api/v1/webhooks/${id}/deliveries/${signalDelivery.id}/replay`, { key })
    expect(replayed.body).toMatchObject({ id: signalDelivery.id, status: 'pending', attempts: 0 })
    expect((await call('POST', `/api/v1/webhooks/${id}/deliveries/msg_nope/replay`, { key })).status).toBe(404)

    const rotated = await call('POST', `/api/v1/webhooks/${id}/rotate-secret`, { key })
    expect(rotated.body.secret).toMatch(/^whsec_/)
    expect(rotated.body.secret).not.toBe(made.body.secret)
    const before = r.received.length
    await deliverDue(deps)
    const last = r.received.slice(before)
    expect(last.length).toBeGreaterThan(0)
    for (const req of last) {
      verified(made.body.secret, req)
      verified(rotated.body.secret, req)
    }
  })
})
