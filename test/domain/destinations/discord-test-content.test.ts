// docs/destinations.md#discord: a Discord message's content is Markdown, where two underscores underline what is
// between them even within a word. A test message names the team, whose name may hold underscores
// ("sales__emea__west"): its Markdown characters are escaped, so it reads as typed.
import { expect, test } from 'bun:test'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { endpointInput } from '../../support/webhooks'

const receiver = fakesPerTest()

test('a Discord test message names the team as typed, its underscores escaped', async () => {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps, { name: 'sales__emea__west' })
  const discord = receiver((req) => checkedAnswer('discord', req.body))
  const input = endpointInput(`${discord.origin}/api/webhooks/1/tok`, {
    kind: 'discord',
    cadence: 'daily',
    digestHour: 9,
  })
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input })
  expect((await sendTestEvent(deps, { teamId: team.id, endpointId: endpoint.id })).status).toBe('succeeded')
  const body = JSON.parse(discord.received[0].body)
  expect(body.allowed_mentions).toEqual({ parse: [] })
  expect(body.content).toContain('team sales\\_\\_emea\\_\\_west')
  // Discord's escape: a backslash before a mark shows the mark.
  expect(body.content.replace(/\\([^0-9A-Za-z\s])/g, '$1')).toStartWith(
    'lead-signals: test message for team sales__emea__west. ',
  )
})
