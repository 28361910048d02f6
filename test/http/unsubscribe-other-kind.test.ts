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

/** An e-mail destination to ann@ of a new team, and how to read its current unsubscribe link. */
async function annsDestination() {
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true }, email: { host: 'smtp.example.com' } },
  })
  const { apiKey: key } = await seedTeam(deps, { name: 'acme' })
  const call = client(deps)
  const made = (await call('POST', '/api/v1/webhooks', { key, body: { kind: 'email', to: 'ann@acme.example' } })).body
    .endpoint
  const linkOf = async () => {
    const row = await deps.repos.webhookEndpoints.byIdAnyTeam(made.id)
    return `/unsubscribe?token=${encodeURIComponent(unsubscribeToken({ id: made.id, secret: String(row?.secret) }))}`
  }
  const patch = (body: object) => call('PATCH', `/api/v1/webhooks/${made.id}`, { key, body })
  /** The old link shows neither the new address nor disables anything; the current one is bob@'s. */
  const expectOnlyBobsLinkWorks = async (old: string) => {
    const page = await call('GET', old)
    expect(page.status).toBe(400)
    expect(String(page.body)).not.toContain('bob@acme.example')
    expect((await call('POST', old)).status).toBe(400)
    expect((await call('GET', `/api/v1/webhooks/${made.id}`, { key })).body.enabled).toBe(true)
    const current = await linkOf()
    expect(String((await call('GET', current)).body)).toContain('bob@acme.example')
    return current
  }
  const rotate = () => call('POST', `/api/v1/webhooks/${made.id}/rotate-secret`, { key })
  return { call, linkOf, patch, rotate, expectOnlyBobsLinkWorks }
}

// An e-mail destination pointed at another address (sales@ leaves, leads@ takes over): the former recipient's link
// showed the new address and turned its e-mails off.
describe('the unsubscribe link of an e-mail destination whose address changed', () => {
  test('no longer works: it shows neither address and disables nothing; the new address gets a working link', async () => {
    const { call, linkOf, patch, expectOnlyBobsLinkWorks } = await annsDestination()
    const old = await linkOf()
    expect(String((await call('GET', old)).body)).toContain('ann@acme.example')
    expect((await patch({ to: 'bob@acme.example' })).status).toBe(200)
    const current = await expectOnlyBobsLinkWorks(old)
    // Another change that keeps the address keeps the link.
    await patch({ minScore: 6, to: 'bob@acme.example' })
    expect((await call('GET', current)).status).toBe(200)
  })
})

// An e-mail destination made a Slack one and then an e-mail one again, for another address: the first address's links
// worked again, showing the new address and turning its e-mails off.
describe('the unsubscribe link of a destination made e-mail again, after another kind', () => {
  test('of the first address does not work for the new one; the new address gets a working link', async () => {
    const { linkOf, patch, expectOnlyBobsLinkWorks } = await annsDestination()
    const old = await linkOf()
    const slackUrl = `http://127.0.0.1:9/services/T0AB12CD3/B0EF45GH6/${SLACK_SECRET}`
    expect((await patch({ kind: 'slack', url: slackUrl })).status).toBe(200)
    expect((await patch({ kind: 'email', to: 'bob@acme.example' })).status).toBe(200)
    await expectOnlyBobsLinkWorks(old)
  })
})

// docs/destinations.md#unsubscribe: rotating an e-mail destination's secret voids its links at once (a link passed on).
describe('the unsubscribe link of an e-mail destination whose secret was rotated', () => {
  test('no longer works, with no grace period; the new link does', async () => {
    const { call, linkOf, rotate } = await annsDestination()
    const old = await linkOf()
    expect((await rotate()).status).toBe(200)
    expect((await call('GET', old)).status).toBe(400)
    expect((await call('GET', await linkOf())).status).toBe(200)
  })
})
