// docs/webhooks.md#private-targets: an endpoint whose address this server refuses (a private address without
// webhooks.allow_private_targets, e.g. after its name was pointed at one) is disabled at the first refusal, not
// retried for days, and the refusal names the setting (issue 33, defect 4).
import { describe, expect, test } from 'bun:test'
import { checkReceiverUrl, createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { fakesPerTest } from '../../support/fake-upstream'
import { seedTeam, testDeps } from '../../support/deps'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()

describe('a receiver on an address this server refuses', () => {
  test('the first attempt disables the endpoint with a reason naming webhooks.allow_private_targets', async () => {
    const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
    const { team } = await seedTeam(deps)
    const r = receiver(() => new Response('ok'))
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
    // The operator closes private targets after the endpoint was added.
    deps.config.webhooks.allow_private_targets = false
    await storeSignals(deps, [signalRow(team.id)])
    expect(await deliverDue(deps)).toBe(1)
    const [d] = await deliveryRows(deps)
    expect(String(d.last_error)).toContain('webhooks.allow_private_targets')
    const row = await deps.repos.webhookEndpoints.byId(team.id, endpoint.id)
    expect(row?.enabled).toBe(false)
    expect(row?.disabledReason).toContain('webhooks.allow_private_targets')
    // Nothing more is tried, however long one waits.
    clock.set(new Date(clock.now().getTime() + 10 * 86_400_000))
    expect(await deliverDue(deps)).toBe(0)
    expect(r.received).toHaveLength(0)
  })

  // A name the server cannot look up (a typo, or no DNS on an air-gapped site) said only "could not be resolved".
  test('a name that cannot be looked up is refused with what to check', async () => {
    const { deps } = await testDeps({})
    const refusal = await checkReceiverUrl(deps, 'https://hooks.nowhere.invalid/x').catch((e: Error) => e.message)
    expect(refusal).toBe(
      'url refused: hooks.nowhere.invalid could not be resolved (check the address; this server must be able to look ' +
        'the name up, which one without internet access cannot do for a public name)',
    )
  })
})
