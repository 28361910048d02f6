// The scenario "several servers on one database, every webhook attempt sent by one of them, none twice", for a
// database file (webhook-delivery.test.ts) and a libSQL server (sqld-executables.test.ts): docs/webhooks.md.
import { expect } from 'bun:test'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { getOrAdd } from '../../src/lib/get-or-add'
import { seedTeam } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { endpointInput, signalRow, storeSignals, verified } from '../support/webhooks'
import { type Child, type ProcessWorld, rows, seedDatabase, spawnChild, until } from './child'

export const PRIVATE_OK = { webhooks: { allow_private_targets: true } }
export const SERVE = { server: { host: '127.0.0.1', port: 0 }, polling: { enabled: false } }

export const undelivered = (world: ProcessWorld) =>
  rows(world, "select count(*) as n from webhook_deliveries where status != 'succeeded'").then((r) => Number(r[0].n))

export async function serve(world: ProcessWorld, cleanups: (() => void)[]): Promise<Child> {
  const child = spawnChild(world, ['serve'])
  cleanups.push(() => child.proc.kill('SIGKILL'))
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return child
}

/**
 * `servers` servers on `world`'s database deliver about `n` attempts to a receiver that answers after 200 ms. A server
 * holds 16 attempts at once and one destination 4 (counted over every server), and it claims again as soon as one of
 * its attempts ends: so the attempts go to 4 destinations per server, enough places for every server, or the first to
 * look could keep them all. It takes about 2 s, so every server has looked (once a second) before they are all sent.
 */
export async function eachAttemptOnce(
  world: ProcessWorld,
  a: { servers: number; n: number },
  cleanups: (() => void)[],
) {
  const at: number[] = []
  const r = fakeUpstream(async () => {
    at.push(Date.now())
    await Bun.sleep(200)
    return new Response('ok')
  })
  cleanups.push(r.stop)
  const destinations = 4 * a.servers
  const signals = Math.ceil(a.n / destinations)
  const { teamId, secrets } = await seedDatabase(world, PRIVATE_OK, async (deps) => {
    const { team } = await seedTeam(deps)
    const secrets = new Map<string, string>()
    for (let i = 0; i < destinations; i++) {
      const made = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}/hook/${i}`) })
      secrets.set(`/hook/${i}`, made.secret)
    }
    return { teamId: team.id, secrets }
  })
  const servers = await Promise.all(Array.from({ length: a.servers }, () => serve(world, cleanups)))
  // Each signal goes to every destination of the team: one attempt each.
  await seedDatabase(world, PRIVATE_OK, (deps) =>
    storeSignals(
      deps,
      Array.from({ length: signals }, () => signalRow(teamId)),
    ),
  )
  await until('every delivery to succeed', async () => (await undelivered(world)) === 0, 60_000)
  for (const s of servers) s.proc.kill('SIGTERM')
  await Promise.all(servers.map((s) => s.exited()))

  // Every delivery reached the receiver.
  const ids = r.received.map((q) => q.headers.get('webhook-id'))
  expect(new Set(ids).size).toBe(signals * destinations)
  // No attempt went twice: two requests of one delivery are a retry, at least the schedule's first wait apart
  // (4.5 s with jitter), or the 30 s claim after an outcome that could not be written; a second process sending
  // the same claimed attempt would send it at the same moment.
  const times = new Map<string, number[]>()
  for (const [i, q] of r.received.entries()) getOrAdd(times, String(q.headers.get('webhook-id')), () => []).push(at[i])
  for (const t of times.values()) for (let i = 1; i < t.length; i++) expect(t[i] - t[i - 1]).toBeGreaterThan(4000)
  for (const q of r.received) verified(secrets.get(q.url.pathname) as string, q)
  // Every server took part.
  for (const s of servers)
    expect(
      s
        .stderr()
        .split('\n')
        .filter((l) => l.includes('"event":"webhook_attempt"')).length,
    ).toBeGreaterThan(0)
}
