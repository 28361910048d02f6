import { describe, expect, test } from 'bun:test'
import { unsubscribeToken } from '../../src/domain/webhooks/unsubscribe'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

const SLACK_SECRET = 'XyZ12abCDef34GhIJkl56mNo'

// docs/destinations.md#unsubscribe: the link of an e-mail is for an e-mail destination.
describe('the unsubscribe link of a destination that is no longer e-mail', () => {
  test('does not work once its destination is a Slack one: it shows no URL and disables nothing', async () => {
    const { deps } = await testDeps({
      now: new Date().toISOString(),
      config: { webhooks: { allow_private_targets: true }, email: { host: 'smtp.example.com' } },
    })
    const { apiKey: key } = await seedTeam(deps, { name: 'acme' })
    const call = client(deps)
    const made = (await call('POST', '/api/v1/webhooks', { key, body: { kind: 'email', to: 'sales@acme.example' } }))
      .body.endpoint
    const row = await deps.repos.webhookEndpoints.byIdAnyTeam(made.id)
    const link = `/unsubscribe?token=${encodeURIComponent(unsubscribeToken({ id: made.id, secret: String(row?.secret) }))}`
    const slackUrl = `http://127.0.0.1:9/services/T0AB12CD3/B0EF45GH6/${SLACK_SECRET}`
    const changed = await call('PATCH', `/api/v1/webhooks/${made.id}`, { key, body: { kind: 'slack', url: slackUrl } })
    expect(changed.status).toBe(200)
    const page = await call('GET', link)
    expect(page.status).toBe(400)
    expect(String(page.body)).toContain('This link does not work')
    expect(String(page.body)).not.toContain(SLACK_SECRET)
    const post = await call('POST', link)
    expect(post.status).toBe(400)
    expect(String(post.body)).not.toContain(SLACK_SECRET)
    expect((await call('GET', `/api/v1/webhooks/${made.id}`, { key })).body.enabled).toBe(true)
  })
})

// An e-mail destination pointed at another address (sales@ leaves, leads@ takes over): the former recipient's link
// showed the new address and turned its e-mails off.
describe('the unsubscribe link of an e-mail destination whose address changed', () => {
  test('no longer works: it shows neither address and disables nothing; the new address gets a working link', async () => {
    const { deps } = await testDeps({ now: new Date().toISOString(), config: { email: { host: 'smtp.example.com' } } })
    const { apiKey: key } = await seedTeam(deps, { name: 'acme' })
    const call = client(deps)
    const made = (await call('POST', '/api/v1/webhooks', { key, body: { kind: 'email', to: 'ann@acme.example' } })).body
      .endpoint
    const linkOf = async () => {
      const row = await deps.repos.webhookEndpoints.byIdAnyTeam(made.id)
      return `/unsubscribe?token=${encodeURIComponent(unsubscribeToken({ id: made.id, secret: String(row?.secret) }))}`
    }
    const old = await linkOf()
    expect(String((await call('GET', old)).body)).toContain('ann@acme.example')
    const changed = await call('PATCH', `/api/v1/webhooks/${made.id}`, { key, body: { to: 'bob@acme.example' } })
    expect(changed.status).toBe(200)
    const page = await call('GET', old)
    expect(page.status).toBe(400)
    expect(String(page.body)).not.toContain('bob@acme.example')
    expect((await call('POST', old)).status).toBe(400)
    expect((await call('GET', `/api/v1/webhooks/${made.id}`, { key })).body.enabled).toBe(true)
    // Another change that keeps the address keeps the link.
    const current = await linkOf()
    expect(String((await call('GET', current)).body)).toContain('bob@acme.example')
    await call('PATCH', `/api/v1/webhooks/${made.id}`, { key, body: { minScore: 6, to: 'bob@acme.example' } })
    expect((await call('GET', current)).status).toBe(200)
  })
})
