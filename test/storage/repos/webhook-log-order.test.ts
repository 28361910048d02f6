// docs/console.md: a destination's delivery log lists its deliveries newest first. Deliveries written in one
// millisecond (a pass's, or a Test pressed as one is made) are listed in the order they were written, last first: by
// their random ids, a Test pressed with the log open showed below an older delivery now and then.
import { expect, test } from 'bun:test'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { endpointInput } from '../../support/webhooks'

test('deliveries made in the same millisecond are listed last written first, whatever their ids', async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput('http://127.0.0.1:9/a') })
  const repo = deps.repos.webhookDeliveries
  const now = clock.now()
  // Written first to last; by id, the first written sorts last.
  for (const id of ['msg_c', 'msg_b', 'msg_a'])
    await repo.insert({
      id,
      endpointId: endpoint.id,
      event: 'webhook.test',
      payload: '{}',
      nowMs: now.getTime(),
      nowIso: now.toISOString(),
    })
  expect((await repo.list(endpoint.id, { limit: 10 })).map((d) => d.id)).toEqual(['msg_a', 'msg_b', 'msg_c'])
})
