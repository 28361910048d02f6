// docs/destinations.md#bodies: a lead sent alone is named by one line in every message that heads with it, the
// e-mail's subject and the Slack message's header, in the headline's wording the digests and cards use:
// "New lead: 8/10 ACTIVE · ann on Hacker News", the e-mail naming its team.
import { expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { slackProblems } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
const SLACK_PATH = '/services/T0/B0/x'

test("a lead sent alone: an e-mail's subject and Slack's header word it as every headline does", async () => {
  const server = await smtp({})
  const { deps, clock } = await testDeps({
    now: '2026-11-15T11:58:30.000Z',
    config: { email: server.emailConfig, webhooks: { allow_private_targets: true } },
  })
  const { team } = await seedTeam(deps)
  const slack = receiver(() => new Response('ok'))
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${slack.origin}${SLACK_PATH}`, { kind: 'slack' }),
  })
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('', { kind: 'email', url: null, to: 'a@example.com' }),
  })
  await storeSignals(deps, [signalRow(team.id, { author: 'ann <b>&', detectedAt: '2026-11-15T11:58:40.000Z' })])
  clock.set('2026-11-15T12:02:30.000Z')
  await buildDueWindows(deps)
  await deliverDue(deps)

  expect(server.received.map((m) => m.mail.subject)).toEqual([
    'New lead for acme: 8/10 ACTIVE · ann <b>& on Hacker News',
  ])
  expect(slack.received).toHaveLength(1)
  const body = JSON.parse(slack.received[0].body)
  expect(slackProblems(body)).toEqual([])
  // A header is plain text, shown as written; the notification's text is mrkdwn, escaped as Slack documents.
  expect(body.blocks[0].text).toEqual({
    type: 'plain_text',
    text: 'New lead: 8/10 ACTIVE · ann <b>& on Hacker News',
    emoji: false,
  })
  expect(body.text).toStartWith('New lead: 8/10 ACTIVE · ann &lt;b&gt;&amp; on Hacker News: We are looking for a CRM')
})
