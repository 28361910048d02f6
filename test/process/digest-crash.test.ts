import { afterEach, describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { endpointInput, signalRow, storeSignals } from '../support/webhooks'
import { processWorld, rows, seedDatabase } from './child'

const CHILD = resolve(import.meta.dir, 'digest-child.ts')
const START = '2026-11-16T00:05:00.000Z'
const END = '2026-11-23T12:00:00.000Z'
const cleanups: (() => void)[] = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
})

/**
 * docs/destinations.md#exactly-once: processes building digests are killed with SIGKILL at random moments (inside a
 * window's claim among them) and started again; in the end every window was built once, without gap or overlap, and
 * every signal is in exactly one window's digest of each destination.
 */
describe('digests across kill -9', () => {
  test('each signal once per destination and window, whatever moment the process dies', async () => {
    const world = processWorld({})
    const r = fakeUpstream(async (req) => {
      await Bun.sleep(2) // a little time inside an attempt, so that some kills land there
      return req.body ? new Response('ok') : new Response('no', { status: 400 })
    })
    cleanups.push(r.stop)
    const expected = await seedDatabase(world, { webhooks: { allow_private_targets: true } }, async (deps) => {
      const { team } = await seedTeam(deps)
      for (const cadence of ['hourly', 'daily'] as const)
        await createEndpoint(deps, {
          teamId: team.id,
          input: endpointInput(`${r.origin}/${cadence}`, { cadence, digestHour: 9, timeZone: 'Europe/Berlin' }),
        })
      await deps.database.client.execute({
        sql: 'update webhook_endpoints set window_from = ?',
        args: [Date.parse(START)],
      })
      const signals = Array.from({ length: 300 }, (_, i) =>
        signalRow(team.id, { detectedAt: new Date(Date.parse(START) + i * 33 * 60_000).toISOString() }),
      )
      await storeSignals(deps, signals)
      return signals.map((s) => s.id).sort()
    })

    const run = () => Bun.spawn(['bun', CHILD, world.dbUrl, START, END], { stdout: 'pipe', stderr: 'pipe' })
    let kills = 0
    for (let round = 0; round < 8; round++) {
      const child = run()
      cleanups.push(() => child.kill('SIGKILL'))
      // Early moments: the later rounds have less work left, and a child that finished was not killed.
      await Bun.sleep(100 + Math.floor(Math.random() * 400))
      if (child.exitCode === null) {
        child.kill('SIGKILL')
        kills++
      }
      await child.exited
    }
    expect(kills).toBeGreaterThanOrEqual(3)
    // A killed child's claim runs out 30 s later by the database's clock, not the children's simulated week: the
    // claims are moved those 30 s back rather than the test waiting them out.
    await rows(
      world,
      'update webhook_deliveries set claim_expires_at = claim_expires_at - 31000 where claim_expires_at > 0',
    )
    const last = run()
    expect(await last.exited).toBe(0)
    expect(await new Response(last.stdout).text()).toContain('done')

    for (const path of ['/hourly', '/daily']) {
      const [e] = await rows(world, `select id from webhook_endpoints where url like '%${path}'`)
      const windows = await rows(
        world,
        `select window_from, window_to, delivery_id from destination_windows where endpoint_id = '${e.id}' order by window_from`,
      )
      for (let k = 1; k < windows.length; k++) expect(windows[k].window_from).toBe(windows[k - 1].window_to)
      expect(Number(windows[0].window_from)).toBe(Date.parse(START))
      // Every window with signals has its one delivery, and it reached the receiver (a resend after a kill carries
      // the same webhook-id).
      const bodies = new Map<string, { signals: { id: string }[] }>()
      for (const q of r.received.filter((x) => x.url.pathname === path))
        bodies.set(String(q.headers.get('webhook-id')), JSON.parse(q.body).data)
      const withSignals = windows.filter((w) => w.delivery_id !== null)
      expect(new Set(withSignals.map((w) => w.delivery_id)).size).toBe(withSignals.length)
      expect([...bodies.keys()].sort()).toEqual(withSignals.map((w) => String(w.delivery_id)).sort())
      const ids = [...bodies.values()].flatMap((b) => b.signals.map((s) => s.id))
      expect(ids.length).toBe(new Set(ids).size)
      expect(ids.sort()).toEqual(expected)
    }
  }, 120_000)
})
