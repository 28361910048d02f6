// docs/destinations.md#testing: a test message says what the destination will send and when, in its own kind. A Slack
// destination that sends a daily digest read "New leads will look like the next messages here", as an instant one.
import { describe, expect, test } from 'bun:test'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { endpointInput } from '../../support/webhooks'

const smtp = smtpPerTest()
const receiver = fakesPerTest()
const BERLIN = { timeZone: 'Europe/Berlin', digestHour: 9 }

describe('a test message says what will come and when', () => {
  test('each kind: its cadence, hour, zone and quiet hours, in the words its receiver shows', async () => {
    const server = await smtp()
    const { deps } = await testDeps({
      config: { email: server.emailConfig, webhooks: { allow_private_targets: true } },
    })
    const { team } = await seedTeam(deps)
    const r = receiver((req) => new Response(null, { status: req.url.pathname.includes('workflows') ? 202 : 204 }))
    const cases = [
      {
        input: endpointInput(`${r.origin}/services/T0/B0/x`, { kind: 'slack', cadence: 'daily', ...BERLIN }),
        says: 'New leads will come here as a daily digest at 09:00 Europe/Berlin, when there are any.',
        shown: (body: any) => body.text,
      },
      {
        input: endpointInput(`${r.origin}/api/webhooks/1/tok`, {
          kind: 'discord',
          quietHours: { from: 22, to: 7 },
          ...BERLIN,
        }),
        says: 'Each new lead will come here as it is found. Nothing is sent from 22:00 to 07:00 Europe/Berlin: what comes then waits until 07:00.',
        // As Discord shows it: a backslash before a mark shows the mark.
        shown: (body: any) => body.content.replace(/\\([^0-9A-Za-z\s])/g, '$1'),
      },
      {
        input: endpointInput(`${r.origin}/workflows/5f0c2a/triggers/manual/paths/invoke`, {
          kind: 'teams',
          cadence: 'hourly',
          ...BERLIN,
        }),
        says: 'New leads will come here as a digest every hour, on the hour (Europe/Berlin), when there are any.',
        shown: (body: any) => body.attachments[0].content.body[0].inlines[0].text,
      },
      {
        input: endpointInput(`${r.origin}/hook`, { cadence: 'weekly', ...BERLIN }),
        says: 'New leads will come here as a weekly digest on Mondays at 09:00 Europe/Berlin, when there are any.',
        shown: (body: any) => body.data.note,
      },
    ]
    for (const c of cases) {
      const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: c.input })
      expect((await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })).status).toBe('succeeded')
      const said = c.shown(JSON.parse(r.received.at(-1)?.body ?? '{}'))
      expect({ kind: c.input.kind, said }).toEqual({ kind: c.input.kind, said: expect.stringContaining(c.says) })
    }

    // docs/people.md#person-updated: such a destination is told of people turning hot, not of each new lead.
    const hot = endpointInput(`${r.origin}/crm`, {
      event: 'person.updated',
      quietHours: { from: 22, to: 7 },
      ...BERLIN,
    })
    const made = await createEndpoint(deps, { teamId: team.id, input: hot })
    await sendTestEvent(deps, { teamId: team.id, endpointId: made.endpoint.id })
    expect(JSON.parse(r.received.at(-1)?.body ?? '{}').data.note).toBe(
      "Each person who turns hot (reaches the team's heat threshold) will come here as an event when it happens. Nothing is sent from 22:00 to 07:00 Europe/Berlin: what comes then waits until 07:00.",
    )

    const email = endpointInput('', { kind: 'email', url: null, to: 'sales@example.com', ...BERLIN })
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: email })
    await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })
    const { mail } = server.received[0]
    const says = 'New leads will come to this address as they are found, those of the same minute in one e-mail.'
    expect(String(mail.text)).toContain(says)
    expect(String(mail.html)).toContain(says)
  })
})
