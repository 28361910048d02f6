import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { smtpPerTest } from '../support/smtp'

const smtp = smtpPerTest()
const REFUSED = 'event person.updated is sent only to a webhook destination sent instantly'

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
  for (const change of [
    { kind: 'email', to: 'sales@example.com' },
    { kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/abc' },
    { cadence: 'daily' },
  ]) {
    const r = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: change })
    expect({ change, status: r.status, error: r.body.error }).toEqual({
      change,
      status: 400,
      error: {
        code: 'invalid_request',
        message: REFUSED,
      },
    })
  }
  // Added as one, as before.
  const added = await call('POST', '/api/v1/webhooks', {
    key,
    body: { kind: 'email', to: 'sales@example.com', event: 'person.updated' },
  })
  expect([added.status, added.body.error?.message]).toEqual([400, REFUSED])
  const after = await call('GET', `/api/v1/webhooks/${id}`, { key })
  expect(after.body).toMatchObject({ kind: 'webhook', cadence: 'instant', event: 'person.updated', to: null })
  // Its other settings still change.
  const filters = await call('PATCH', `/api/v1/webhooks/${id}`, { key, body: { minScore: 5 } })
  expect(filters.status).toBe(200)
  expect(filters.body.filters.minScore).toBe(5)
})
