// docs/destinations.md#cadence: a daily digest whose hour a daylight-saving change skips or repeats goes once that
// day, at the time the page states. Europe/Berlin in 2026: 02:00 does not exist on 29 March (clocks go from 02:00 to
// 03:00) and comes twice on 25 October (03:00 summer time goes back to 02:00).
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { HANG_GUARD_MS } from '../../support/own-time'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

// The clock is injected: the limit only guards against a hang.
setDefaultTimeout(HANG_GUARD_MS)

const receiver = fakesPerTest()
const STEP = 20 * 60_000
const DAY = 24 * 3_600_000

/** The windows a daily 02:00 Berlin digest sends from `start` on for four days, a signal stored every hour. */
async function digestWindows(start: string) {
  const { deps, clock } = await testDeps({ now: start, config: { webhooks: { allow_private_targets: true } } })
  const { team } = await seedTeam(deps)
  const windows: { from: string; to: string }[] = []
  const r = receiver((req) => {
    windows.push(JSON.parse(req.body).data.window)
    return new Response('ok')
  })
  const input = endpointInput(`${r.origin}/daily`, { cadence: 'daily', digestHour: 2, timeZone: 'Europe/Berlin' })
  await createEndpoint(deps, { teamId: team.id, input })
  for (let at = Date.parse(start), i = 0; at < Date.parse(start) + 4 * DAY; at += STEP, i++) {
    clock.set(new Date(at))
    if (i % 3 === 0) await storeSignals(deps, [signalRow(team.id, { detectedAt: new Date(at).toISOString() })])
    await buildDueWindows(deps)
    await deliverDue(deps)
  }
  return windows
}

describe('a daily digest at an hour that daylight saving skips or repeats', () => {
  test('spring forward: at 03:00 summer time, the moment the clocks skip to, once', async () => {
    const windows = await digestWindows('2026-03-27T12:00:00.000Z')
    expect(windows.map((w) => w.to)).toEqual([
      '2026-03-28T01:00:00.000Z', // 02:00 winter time
      '2026-03-29T01:00:00.000Z', // 03:00 summer time: the day's 02:00 never comes
      '2026-03-30T00:00:00.000Z', // 02:00 summer time
      '2026-03-31T00:00:00.000Z',
    ])
  })

  test('fall back: at the second 02:00 (winter time), once', async () => {
    const windows = await digestWindows('2026-10-23T12:00:00.000Z')
    expect(windows.map((w) => w.to)).toEqual([
      '2026-10-24T00:00:00.000Z', // 02:00 summer time
      '2026-10-25T01:00:00.000Z', // the second 02:00, winter time; not the first, at 00:00 UTC
      '2026-10-26T01:00:00.000Z', // 02:00 winter time
      '2026-10-27T01:00:00.000Z',
    ])
    // Windows follow each other: the one over the change is 25 hours, none overlaps or is left out.
    for (let k = 1; k < windows.length; k++) expect(windows[k].from).toBe(windows[k - 1].to)
  })
})
