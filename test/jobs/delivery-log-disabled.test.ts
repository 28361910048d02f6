// docs/webhooks.md#the-delivery-log: a pending delivery shows when it is next tried, but a disabled destination sends
// nothing, so while it is disabled none is shown, paused or not; enabled again, the due time (or its pause's end)
// shows again. The log showed the pause's end, or the due time, as if a send were scheduled.
import { expect, test } from 'bun:test'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { listDeliveries, replayDelivery } from '../../src/domain/webhooks/deliveries'
import { createEndpoint, updateEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { endpointInput, signalRow, storeSignals } from '../support/webhooks'

const receiver = fakesPerTest()

test('a disabled destination shows no next attempt in its delivery log, paused or not', async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  const limited = receiver(() => new Response('rate_limited', { status: 429, headers: { 'retry-after': '600' } }))
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(limited.origin) })
  await storeSignals(deps, [signalRow(team.id), signalRow(team.id)])
  const [first] = await claimDue(deps, { holder: 'round', limit: 1, perDestination: 1 })
  await runAttempt(deps, first) // a 429: the destination is paused for 10 minutes
  const log = () => listDeliveries(deps, { teamId: team.id, endpointId: endpoint.id, limit: 50 })
  const pauseEnd = new Date(t0 + 600_000).toISOString()
  expect((await log()).map((d) => d.nextAttemptAt)).toEqual([pauseEnd, pauseEnd])

  await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { enabled: false } })
  const disabled = await log()
  expect(disabled.map((d) => [d.status, d.nextAttemptAt])).toEqual([
    ['pending', null],
    ['pending', null],
  ])
  const replayed = await replayDelivery(deps, { teamId: team.id, endpointId: endpoint.id, deliveryId: first.id })
  expect(replayed.nextAttemptAt).toBeNull()

  await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { enabled: true } })
  expect((await log()).map((d) => d.nextAttemptAt)).toEqual([pauseEnd, pauseEnd])
})
