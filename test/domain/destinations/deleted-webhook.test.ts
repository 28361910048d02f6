import { describe, expect, test } from 'bun:test'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import {
  discordInvalidToken,
  discordUnknownWebhook,
  slackActionProhibited,
  slackChannelIsArchived,
  slackChannelNotFound,
  slackNoService,
} from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const PATHS = {
  slack: '/services/T0AB12CD3/B0EF45GH6/x',
  discord: '/api/webhooks/1234567890/tok-EN_abc',
  webhook: '/hook',
} as const

/** A destination of `kind` whose receiver answers `answer` to everything, after one signal's first attempt. */
async function answeredBy(kind: keyof typeof PATHS, answer: () => Response) {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps)
  const r = receiver(answer)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${r.origin}${PATHS[kind]}`, { kind }),
  })
  await storeSignals(deps, [signalRow(team.id)])
  expect(await deliverDue(deps)).toBe(1)
  const [d] = await deliveryRows(deps)
  const row = await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)
  return { deps, team, endpoint, d, row }
}

describe('a deleted Slack or Discord webhook is given up at once (docs/destinations.md#a-deleted-webhook)', () => {
  const cases = [
    ['slack', slackNoService, 404, 'no_service: Slack no longer has this webhook'],
    ['slack', slackChannelNotFound, 404, 'channel_not_found: the Slack channel of this webhook no longer exists'],
    ['slack', slackChannelIsArchived, 410, 'channel_is_archived: the Slack channel of this webhook is archived'],
    ['discord', discordUnknownWebhook, 404, 'Unknown Webhook: Discord no longer has this webhook'],
    ['discord', discordInvalidToken, 401, 'Invalid Webhook Token: Discord no longer has this webhook'],
  ] as const
  for (const [kind, answer, code, said] of cases)
    test(`${kind} answering ${code} ${said.split(':')[0]}: the delivery fails and the destination is disabled`, async () => {
      const { d, row } = await answeredBy(kind, answer)
      expect(d).toMatchObject({ status: 'failed', last_status_code: code })
      expect(d.last_error).toStartWith(`answered ${code}: ${said}`)
      expect(row?.enabled).toBe(false)
      expect(row?.disabledReason).toStartWith(`answered ${code}: ${said}`)
      // And what to do.
      expect(row?.disabledReason).toContain('make a new webhook and give this destination its URL')
    })

  test('the test button says so: not delivered, not retried, the destination disabled', async () => {
    const { deps, team } = await testDeps({ config: { webhooks: { allow_private_targets: true } } }).then(
      async (w) => ({ ...w, ...(await seedTeam(w.deps)) }),
    )
    const r = receiver(slackNoService)
    const { endpoint } = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}${PATHS.slack}`, { kind: 'slack' }),
    })
    const tested = await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })
    expect(tested).toMatchObject({ status: 'failed', lastStatusCode: 404, nextAttemptAt: null })
    expect(tested.lastError).toContain('Slack no longer has this webhook')
    expect((await deps.repos.webhookEndpoints.byId(team.id, endpoint.id))?.enabled).toBe(false)
  })

  test('the same words from another receiver, or another 404 from Slack or Discord, are retried as before', async () => {
    const others = [
      await answeredBy('webhook', slackNoService),
      await answeredBy('webhook', discordUnknownWebhook),
      // A 404 page of a proxy in front of the service says nothing of the webhook.
      await answeredBy('slack', () => new Response('Not Found', { status: 404 })),
      // A workspace's restriction on the webhook's posting (Slack's changelog of 2016-05-17), which its admins lift.
      await answeredBy('slack', slackActionProhibited),
      await answeredBy('webhook', slackChannelNotFound),
      await answeredBy('discord', () => Response.json({ message: '404: Not Found', code: 0 }, { status: 404 })),
    ]
    for (const { d, row } of others) {
      expect(d.status).toBe('pending')
      expect(row?.enabled).toBe(true)
    }
  })
})
