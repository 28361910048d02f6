import { describe, expect, test } from 'bun:test'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint, updateEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput } from '../../support/webhooks'

const smtp = smtpPerTest()
const receiver = fakesPerTest()
const LATER = '2026-11-15T13:00:00.000Z'

async function world() {
  const server = await smtp({ refuseForNow: /^full@/ })
  const { deps, clock } = await testDeps({
    now: '2026-11-15T12:00:00.000Z',
    config: { email: server.emailConfig, webhooks: { allow_private_targets: true } },
  })
  const { team } = await seedTeam(deps)
  return { server, deps, clock, team }
}

// docs/destinations.md#testing: a test message is of the destination's kind. One that failed is retried on the
// schedule; a destination changed to another kind meanwhile got the retry in the former kind's format.
describe('a test retried after its destination changed kind', () => {
  test('a webhook test, the destination made an e-mail one: the retry is a test e-mail, not an empty one', async () => {
    const { server, deps, clock, team } = await world()
    const down = receiver(() => new Response('down', { status: 503 }))
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${down.origin}/hook`) })
    expect((await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })).status).toBe('pending')
    await updateEndpoint(deps, {
      teamId: team.id,
      id: endpoint.id,
      change: { kind: 'email', url: null, to: 'sales@example.com' },
    })
    clock.set(LATER)
    expect(await deliverDue(deps)).toBe(1)
    expect(server.received).toHaveLength(1)
    const { mail } = server.received[0]
    expect(mail.subject).toBe(`lead-signals: test message for ${team.name}`)
    expect(String(mail.text)).toContain('Unsubscribe: http')
    // Like Slack's and Discord's tests, it says what it is for, in both parts.
    const says = 'New leads will come to this address'
    expect(String(mail.text)).toContain(says)
    expect(String(mail.html)).toContain(says)
  })

  test('an e-mail test, the destination made a webhook: the retry is the webhook.test event', async () => {
    const { deps, clock, team } = await world()
    const { endpoint } = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: 'full@example.com' }),
    })
    expect((await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })).lastStatusCode).toBe(452)
    const hook = receiver(() => new Response('ok'))
    await updateEndpoint(deps, {
      teamId: team.id,
      id: endpoint.id,
      change: { kind: 'webhook', url: `${hook.origin}/h` },
    })
    clock.set(LATER)
    expect(await deliverDue(deps)).toBe(1)
    expect(hook.received).toHaveLength(1)
    expect(hook.received[0].headers.get('webhook-signature')).toStartWith('v1,')
    expect(JSON.parse(hook.received[0].body)).toMatchObject({
      type: 'webhook.test',
      data: { team: { id: team.id }, endpointId: endpoint.id },
    })
  })
})
