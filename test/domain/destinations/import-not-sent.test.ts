import { describe, expect, test } from 'bun:test'
import { importSignals } from '../../../src/domain/signals/import'
import { bytesLines } from '../../../src/domain/signals/line-source'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { importLine } from '../../support/exports'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()

const line = importLine

/**
 * docs/webhooks.md: only signals a polling pass stores are sent; an import is history. A digest is built from the
 * signals found in its window (docs/destinations.md#cadence), and an imported signal is found when the import runs
 * (no detectedAt), or at the time its file says, which may fall in a window still open.
 */
describe('imported signals and digests', () => {
  test('a digest holds the signals a pass found in its window, none of those imported meanwhile', async () => {
    const { deps, clock } = await testDeps({
      now: '2026-11-15T12:00:00.000Z',
      config: { webhooks: { allow_private_targets: true } },
    })
    const { team } = await seedTeam(deps)
    const got: any[] = []
    const r = receiver((req) => {
      got.push(JSON.parse(req.body))
      return new Response('ok')
    })
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/digest`, { cadence: 'hourly' }),
    })

    clock.set('2026-11-15T12:10:00.000Z')
    const file = [
      line(1),
      line(2, { detectedAt: '2026-11-15T12:05:00Z' }),
      line(3, { detectedAt: '2026-11-15T12:40:00Z' }),
      line(4, { detectedAt: '2026-11-15T13:30:00Z' }),
    ].join('\n')
    const result = await importSignals(deps, {
      teamId: team.id,
      lines: bytesLines(Buffer.from(file)),
      skipInvalid: false,
    })
    expect(result).toMatchObject({ applied: true, imported: 4 })
    const polled = signalRow(team.id, { detectedAt: '2026-11-15T12:20:00.000Z' })
    await storeSignals(deps, [polled])

    for (const at of ['2026-11-15T13:03:00.000Z', '2026-11-15T14:03:00.000Z']) {
      clock.set(at)
      await buildDueWindows(deps)
      await deliverDue(deps)
    }
    expect(got).toHaveLength(1)
    expect(got[0].data.total).toBe(1)
    expect(got[0].data.signals.map((s: { id: string }) => s.id)).toEqual([polled.id])
  })
})
