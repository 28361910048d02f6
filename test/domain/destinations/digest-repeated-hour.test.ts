// docs/destinations.md#cadence: "A message tells its window's times in timeZone". On the night the clocks go back, the
// hour from 02:00 to 03:00 comes twice in Berlin (25 October 2026, 00:00 to 02:00 UTC): a time in it says which of the
// two it is, by its offset from UTC, or the hourly digest of the first would read "02:00 to 02:00".
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()

describe('a digest window in the hour that the clocks going back repeat', () => {
  test('tells each time in it with its offset from UTC; the others as before', async () => {
    const { deps, clock } = await testDeps({
      now: '2026-10-24T22:30:00.000Z',
      config: { webhooks: { allow_private_targets: true }, server: { public_url: 'https://leads.example.com' } },
    })
    const { team } = await seedTeam(deps)
    const r = receiver((req) => checkedAnswer('discord', req.body))
    const input = endpointInput(`${r.origin}/api/webhooks/1234567890/tok-EN_abc`, {
      kind: 'discord',
      cadence: 'hourly',
      timeZone: 'Europe/Berlin',
    })
    await createEndpoint(deps, { teamId: team.id, input })
    for (const at of ['2026-10-24T23:30:00.000Z', '2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'])
      await storeSignals(deps, [signalRow(team.id, { detectedAt: at })])
    for (const at of ['2026-10-25T00:05:00.000Z', '2026-10-25T01:05:00.000Z', '2026-10-25T02:05:00.000Z']) {
      clock.set(at)
      await buildDueWindows(deps)
      await deliverDue(deps)
    }
    const headings = r.received.map((x) => /\((.*)\)/.exec(JSON.parse(x.body).content)?.[1])
    expect(headings).toEqual([
      'hourly digest, 2026-10-25 01:00 to 2026-10-25 02:00 +02:00 Europe/Berlin',
      'hourly digest, 2026-10-25 02:00 +02:00 to 2026-10-25 02:00 +01:00 Europe/Berlin',
      'hourly digest, 2026-10-25 02:00 +01:00 to 2026-10-25 03:00 Europe/Berlin',
    ])
  })
})
