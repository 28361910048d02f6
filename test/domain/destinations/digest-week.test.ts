import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import { inQuietHours } from '../../../src/domain/webhooks/cadence'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { wallClock } from '../../../src/lib/zoned-time'
import type { NewSignal } from '../../../src/storage/repos/signals'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { HANG_GUARD_MS } from '../../support/own-time'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

// Some 4 s of CPU, all of it in this process, took past 30 s at load 48. No wait here depends on the time that passes
// (the week's clock is injected), so the time limit only guards against a hang.
setDefaultTimeout(HANG_GUARD_MS)

const receiver = fakesPerTest()
const START = Date.parse('2026-11-16T00:05:00.000Z') // a Monday
const STEP = 10 * 60_000
const WEEK = 7 * 24 * 3_600_000
const QUIET = { from: 22, to: 7 }

/**
 * A simulated week on an injected clock: a signal every 30 minutes, the worker's two steps (build the windows that
 * ended, send what is due) every 10 minutes. Every digest destination gets each matching signal exactly once, in
 * windows that follow each other without gap or overlap, and nothing goes out in quiet hours.
 */
describe('digests across a week (docs/destinations.md#cadence)', () => {
  test('each signal once per destination and window; daily at the hour in its zone; weekly on Mondays; quiet hours held', async () => {
    const { deps, clock } = await testDeps({
      now: new Date(START).toISOString(),
      config: { webhooks: { allow_private_targets: true } },
    })
    const { team } = await seedTeam(deps)
    const got: { path: string; at: number; body: any }[] = []
    const r = receiver((req) => {
      got.push({ path: req.url.pathname, at: clock.now().getTime(), body: JSON.parse(req.body) })
      return new Response('ok')
    })
    const made = async (path: string, a: Parameters<typeof endpointInput>[1]) =>
      (await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${path}`, a) })).endpoint
    const timings = {
      hourly: { cadence: 'hourly' as const, minScore: 7, timeZone: 'Europe/Berlin', quietHours: QUIET },
      daily: { cadence: 'daily' as const, digestHour: 9, timeZone: 'America/New_York' },
      weekly: { cadence: 'weekly' as const, digestHour: 8, timeZone: 'Asia/Kolkata', intents: ['PAIN'], minScore: 9 },
      instant: { cadence: 'instant' as const, timeZone: 'Europe/Berlin', quietHours: QUIET },
    }
    for (const [name, t] of Object.entries(timings)) await made(`/${name}`, t)

    const stored: NewSignal[] = []
    for (let at = START, i = 0; at < START + WEEK + 2 * 24 * 3_600_000; at += STEP, i++) {
      clock.set(new Date(at))
      if (i % 3 === 0 && at < START + WEEK) {
        const s = signalRow(team.id, {
          score: 5 + (i % 5),
          intent: i % 2 === 0 ? 'PAIN' : 'ACTIVE',
          detectedAt: new Date(at).toISOString(),
        })
        stored.push(s)
        await storeSignals(deps, [s])
      }
      await buildDueWindows(deps)
      await deliverDue(deps)
    }

    const digestIds = (path: string) =>
      got.filter((g) => g.path === path).flatMap((g) => g.body.data.signals.map((s: { id: string }) => s.id))
    const windowsOf = (path: string) => got.filter((g) => g.path === path).map((g) => g.body.data.window)
    const expectOnce = (ids: string[], wanted: NewSignal[]) => {
      expect(wanted.length).toBeGreaterThan(3)
      expect(new Set(ids).size).toBe(ids.length)
      expect([...ids].sort()).toEqual(wanted.map((s) => s.id).sort())
    }
    expectOnce(
      digestIds('/hourly'),
      stored.filter((s) => s.score >= 7),
    )
    expectOnce(digestIds('/daily'), stored)
    expectOnce(
      digestIds('/weekly'),
      stored.filter((s) => s.intent === 'PAIN' && s.score >= 9),
    )
    // A digest lists at most 50 and counts them all: the daily ones held 48 at most, each listed whole.
    for (const g of got.filter((x) => x.path === '/daily')) expect(g.body.data.total).toBe(g.body.data.signals.length)
    expectOnce(
      got.filter((g) => g.path === '/instant').map((g) => g.body.data.signal.id),
      stored,
    )
    // Daily at 09:00 New York (14:00 UTC in November), weekly on Monday 08:00 in Kolkata (02:30 UTC).
    for (const w of windowsOf('/daily')) expect(new Date(w.to).toISOString()).toEndWith('T14:00:00.000Z')
    expect(windowsOf('/weekly').map((w) => w.to)).toEqual(['2026-11-23T02:30:00.000Z'])
    // Windows follow each other (the hourly ones skipped when empty are recorded, not sent).
    const hourlyEnds = await deps.repos.destinationWindows.list((await deps.repos.webhookEndpoints.list(team.id))[0].id)
    for (let k = 1; k < hourlyEnds.length; k++) expect(hourlyEnds[k].from).toBe(hourlyEnds[k - 1].to)
    // Quiet hours (22:00-07:00 Berlin): nothing sent then; what came then went out at 07:00.
    const quiet = {
      kind: 'webhook',
      cadence: 'instant' as const,
      digestHour: 9,
      timeZone: 'Europe/Berlin',
      quietFrom: 22,
      quietTo: 7,
    }
    for (const g of got.filter((x) => x.path === '/instant' || x.path === '/hourly'))
      expect(inQuietHours(quiet, g.at)).toBe(false)
    const held = got.filter(
      (g) => g.path === '/instant' && inQuietHours(quiet, Date.parse(g.body.data.signal.detectedAt)),
    )
    expect(held.length).toBeGreaterThan(20)
    for (const g of held) expect(wallClock('Europe/Berlin', g.at).getUTCHours()).toBe(7)
  })
})
