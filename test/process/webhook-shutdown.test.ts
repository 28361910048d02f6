import { afterEach, describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { endpointInput, signalRow, storeSignals } from '../support/webhooks'
import { processWorld, rows, seedDatabase, until } from './child'
import { PRIVATE_OK, SERVE, serve, undelivered } from './webhook-once'

const cleanups: (() => void)[] = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
})

describe('serve stopped by a signal while it delivers', () => {
  test.each(['SIGTERM', 'SIGINT'] as const)(
    '%s: the attempts in flight end and are recorded; after a restart none is sent twice',
    async (signal) => {
      const world = processWorld({ ...PRIVATE_OK, ...SERVE, server: { ...SERVE.server, shutdown_timeout_ms: 10_000 } })
      cleanups.push(() => world.cleanup())
      // The receiver answers 200 after 1.5 s: the signal comes while the first attempts wait for it.
      const r = fakeUpstream(async () => {
        await Bun.sleep(1500)
        return new Response('ok')
      })
      cleanups.push(r.stop)
      await seedDatabase(world, PRIVATE_OK, async (deps) => {
        const { team } = await seedTeam(deps)
        await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}/hook`) })
        await storeSignals(
          deps,
          Array.from({ length: 8 }, () => signalRow(team.id)),
        )
      })

      const first = await serve(world, cleanups)
      await until('the first attempts', () => r.received.length > 0)
      first.proc.kill(signal)
      expect(await first.exited()).toBe(0)
      const log = first.stderr()
      expect(log).toContain('"event":"shutdown_complete"')
      const inFlight = r.received.length

      const second = await serve(world, cleanups)
      await until('every delivery to succeed', async () => (await undelivered(world)) === 0, 60_000)
      second.proc.kill('SIGTERM')
      await second.exited()

      const ids = r.received.map((q) => q.headers.get('webhook-id'))
      expect({ inFlight, sent: ids.length, distinct: new Set(ids).size }).toEqual({
        inFlight,
        sent: 8,
        distinct: 8,
      })
      expect(Number((await rows(world, 'select count(*) as n from webhook_deliveries'))[0].n)).toBe(8)
    },
    90_000,
  )
})
