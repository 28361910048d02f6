// docs/destinations.md#e-mail: a single lead's subject names the team and the lead, "New lead for Acme: 8/10 ACTIVE ·
// ann on Reddit", in at most 200 characters. A team's name of 64 characters and an author's of 100 (a name's most)
// came to 217: the subject was cut at 200 in the middle of the platform's name ("… on Stack Ov"), without "…".
import { expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const smtp = smtpPerTest()
const TEAM = 'Acme Corporation International Sales Department EMEA West Region'

test("a subject of the longest team's and author's names ends with the platform, the name cut with …", async () => {
  const server = await smtp({})
  const { deps, clock } = await testDeps({ now: '2026-11-15T11:58:30.000Z', config: { email: server.emailConfig } })
  const { team } = await seedTeam(deps, { name: TEAM })
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('', { kind: 'email', url: null, to: 'a@example.com' }),
  })
  const author =
    'Head of Revenue Operations and Sales Enablement at a Mid-Sized Logistics Company in Northern Europe (EMEA)'
  await storeSignals(deps, [
    signalRow(team.id, {
      author,
      score: 6.5,
      intent: 'COMPETITOR',
      platform: 'stackoverflow',
      detectedAt: '2026-11-15T11:58:40.000Z',
    }),
  ])
  clock.set('2026-11-15T12:02:30.000Z')
  await buildDueWindows(deps)
  await deliverDue(deps)

  const subject = server.received[0]?.mail.subject ?? ''
  expect({
    start: subject.startsWith(`New lead for ${TEAM}: 6.5/10 COMPETITOR · Head of Revenue Operations`),
    end: subject.endsWith('… on Stack Overflow'),
    short: subject.length <= 200,
  }).toEqual({ start: true, end: true, short: true })
})
