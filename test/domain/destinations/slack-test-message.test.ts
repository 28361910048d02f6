// docs/destinations.md#testing: a Slack test message names the team and the time zone of its digests. Slack reads a
// message's top-level text as mrkdwn unless `mrkdwn` is false (its message payload reference), and mrkdwn puts what two
// underscores enclose in italics: a team "sales _emea_ west" and the zone America/Port_of_Spain read as typed.
import { expect, test } from 'bun:test'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { endpointInput } from '../../support/webhooks'

const receiver = fakesPerTest()

test('a Slack test message names the team and the time zone as typed: its text is not mrkdwn', async () => {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps, { name: 'sales _emea_ west' })
  const slack = receiver((req) => checkedAnswer('slack', req.body))
  const input = endpointInput(`${slack.origin}/services/T0/B0/x`, {
    kind: 'slack',
    cadence: 'daily',
    timeZone: 'America/Port_of_Spain',
  })
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input })
  expect((await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })).status).toBe('succeeded')
  const body = JSON.parse(slack.received[0].body)
  expect(body.mrkdwn).toBe(false)
  expect(body.text).toStartWith('lead-signals: test message for team sales _emea_ west. ')
  expect(body.text).toContain('America/Port_of_Spain')
})
