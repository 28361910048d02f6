import { describe, expect, test } from 'bun:test'
import { createEndpoint, updateEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()

describe('quiet hours changed while signals are held (docs/destinations.md#quiet-hours)', () => {
  test('turned off: what was held goes at once; moved: it waits for the new end', async () => {
    const { deps, clock } = await testDeps({
      now: '2026-11-16T18:30:00.000Z',
      config: { webhooks: { allow_private_targets: true } },
    })
    const { team } = await seedTeam(deps)
    const r = receiver(() => new Response('ok'))
    const { endpoint } = await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/hook`, { quietHours: { from: 18, to: 20 } }),
    })
    await storeSignals(deps, [signalRow(team.id, { detectedAt: '2026-11-16T18:29:00.000Z' })])
    expect(await deliverDue(deps)).toBe(1) // claimed, and held until 20:00
    expect(Number((await deliveryRows(deps))[0]?.next_attempt_at)).toBe(Date.parse('2026-11-16T20:00:00.000Z'))

    await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { quietHours: { from: 17, to: 22 } } })
    expect(Number((await deliveryRows(deps))[0]?.next_attempt_at)).toBe(Date.parse('2026-11-16T22:00:00.000Z'))

    clock.set('2026-11-16T18:40:00.000Z')
    await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { quietHours: null } })
    expect(await deliverDue(deps)).toBe(1)
    expect(r.received).toHaveLength(1)
    expect((await deliveryRows(deps))[0]?.status).toBe('succeeded')
  })
})
