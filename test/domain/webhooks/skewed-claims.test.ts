import { afterAll, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { claimDue } from '../../../src/domain/webhooks/deliver'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam } from '../../support/deps'
import { SKEW_MS, skewedHosts } from '../../support/skewed-hosts'
import { endpointInput, signalRow, storeSignals } from '../../support/webhooks'

// docs/operations.md#several-executables-on-sqld: every executable runs the delivery worker. Whether an attempt's
// claim is still held is the database's time, so a host whose clock is minutes off never sends an attempt another
// host is sending, and does take one whose sender died.
const hosts = skewedHosts()
afterAll(() => hosts.close())

/** One signal stored on `deps`, with its delivery to one webhook due long ago, whichever host's clock is asked. */
async function oneDelivery(deps: Deps) {
  const { team } = await seedTeam(deps)
  await createEndpoint(deps, { teamId: team.id, input: endpointInput('https://93.184.215.14/hook') })
  await storeSignals(deps, [signalRow(team.id)])
  await deps.database.client.execute('update webhook_deliveries set next_attempt_at = 0')
}

const claim = (deps: Deps, holder: string) => claimDue(deps, { holder, limit: 16, perDestination: 4 })

describe('delivery claims between hosts whose clocks disagree', () => {
  for (const [name, senderShift, otherShift] of [
    ['a host whose clock runs ahead', 0, SKEW_MS],
    ['the sender running behind, another host', -SKEW_MS, 0],
  ] as const)
    test(`${name} does not claim an attempt another host is sending`, async () => {
      const [sender, other] = await hosts.open(senderShift, otherShift)
      await oneDelivery(other)
      expect(await claim(sender, 'sender')).toHaveLength(1)
      expect(await claim(other, 'other')).toEqual([])
    })

  test('a host whose clock runs behind claims an attempt whose sender died', async () => {
    const [sender, behind] = await hosts.open(0, -SKEW_MS)
    await oneDelivery(sender)
    const [sent] = await claim(sender, 'sender')
    // The sender died: its claim ran out a second ago by the database's clock (on this machine: the real time).
    await sender.database.client.execute({
      sql: 'update webhook_deliveries set claim_expires_at = ? where id = ?',
      args: [Date.now() - 1000, sent?.id ?? ''],
    })
    expect((await claim(behind, 'behind')).map((d) => d.id)).toEqual([sent?.id ?? 'none'])
  })
})
