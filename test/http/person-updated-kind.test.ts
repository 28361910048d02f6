import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { smtpPerTest } from '../support/smtp'

const smtp = smtpPerTest()
const REFUSED = 'event person.updated is sent only to a webhook destination sent instantly'
const KIND = { field: 'kind', message: 'must be webhook for a person.updated destination' }
const CADENCE = { field: 'cadence', message: 'must be instant for a person.updated destination' }

// docs/people.md#person-updated: the event is a signed JSON body for a webhook, sent at once. A PATCH could make such
// a destination an e-mail one (or Slack, or a daily digest): each person turning hot then went out as an e-mail with
// no subject and no text, the event's JSON read as the parts of a message.
test('a person.updated destination stays a webhook sent instantly: a PATCH to another kind or a digest is refused', async () => {
  const server = await smtp()
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { email: server.emailConfig, webhooks: { allow_private_targets: true } },
  })
  const { apiKey: key } = await seedTeam(deps)
  const call = client(deps)
  const made = await call('POST', '/api/v1/webhooks', {
    key,
    body: { url: 'https://crm.example.com/hooks/lead-signals', event: 'person.updated' },
  })
  expect(made.status).toBe(201)
  const id = made.body.endpoint.id
  // The field that does not fit is named in details (docs/api.md#error-shape): the kind, else the cadence.
  for (const [change, details] of [
    [{ kind: 'email', to: 'sales@example.com' }, [KIND]],
    [{ kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/abc' }, [KIND]],
    [{ cadence: 'daily' }, [CADENCE]],
  ] as const) {
    const r = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: change })
    expect({ change, status: r.status, error: r.body.error }).toEqual({
      change,
      status: 400,
      error: { code: 'invalid_request', message: REFUSED, details },
    })
  }
  // Added as one, as before.
  const added = await call('POST', '/api/v1/webhooks', {
    key,
    body: { kind: 'email', to: 'sales@example.com', event: 'person.updated' },
  })
  expect([added.status, added.body.error?.message, added.body.error?.details]).toEqual([400, REFUSED, [KIND]])
  const after = await call('GET', `/api/v1/webhooks/${id}`, { key })
  expect(after.body).toMatchObject({ kind: 'webhook', cadence: 'instant', event: 'person.updated', to: null })
  // Its other settings still change.
  const disabled = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { enabled: false } })
  expect([disabled.status, disabled.body.enabled]).toEqual([200, false])
})

// docs/webhooks.md#endpoints: the filters choose signals, and a person.updated event is sent for every person of the
// team who turns hot (docs/people.md#person-updated). They were taken and shown on such a destination, and read by
// nothing: one made "only reddit, score 8 and over" was told of a Hacker News person hot from a 6.
test('a person.updated destination takes no signal filters: each given is refused, adding or changing', async () => {
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true } },
  })
  const { apiKey: key } = await seedTeam(deps)
  const call = client(deps)
  const url = 'https://crm.example.com/hooks/lead-signals'
  const filters = { minScore: 8, intents: ['ACTIVE'], keywords: ['crm'], platforms: ['reddit'] }
  for (const [field, value] of Object.entries(filters)) {
    const r = await call('POST', '/api/v1/webhooks', { key, body: { url, event: 'person.updated', [field]: value } })
    expect([r.status, r.body.error?.code, r.body.error?.details]).toEqual([
      400,
      'invalid_request',
      [{ field, message: expect.stringContaining('person.updated') }],
    ])
  }
  const made = await call('POST', '/api/v1/webhooks', {
    key,
    body: { url, event: 'person.updated', minScore: 0, intents: null, keywords: null, platforms: null },
  })
  expect(made.status).toBe(201)
  const id = made.body.endpoint.id
  for (const [field, value] of Object.entries(filters)) {
    const r = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { [field]: value } })
    expect([r.status, r.body.error?.details?.[0]?.field]).toEqual([400, field])
  }
  const after = await call('GET', `/api/v1/webhooks/${id}`, { key })
  expect(after.body.filters).toEqual({ minScore: 0, intents: null, keywords: null, platforms: null })
  // A signal.created destination keeps them.
  const signals = await call('POST', '/api/v1/webhooks', { key, body: { url, ...filters } })
  expect([signals.status, signals.body.endpoint?.filters, signals.body.error]).toEqual([201, filters, undefined])
})
