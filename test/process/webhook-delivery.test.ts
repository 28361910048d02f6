import { afterEach, describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { getOrAdd } from '../../src/lib/get-or-add'
import { fakeUpstream, type Received } from '../support/fake-upstream'
import { seedTeam } from '../support/deps'
import { endpointInput, signalRow, storeSignals, verified } from '../support/webhooks'
import { type Child, countOf, processWorld, rows, runChild, seedDatabase, spawnChild, until } from './child'
import { pollWorld } from './poll-world'

const cleanups: (() => void)[] = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
})
const PRIVATE_OK = { webhooks: { allow_private_targets: true } }
const SERVE = { server: { host: '127.0.0.1', port: 0 }, polling: { enabled: false } }

/** A receiver on 127.0.0.1: `hang` holds every request unanswered; otherwise each is answered 200 after `delayMs`. */
function receiver(a: { delayMs?: number } = {}) {
  const state = { hang: false }
  // When each request arrived (ms), in the order of `received`.
  const at: number[] = []
  const r = fakeUpstream(async () => {
    at.push(Date.now())
    if (state.hang) return new Promise<Response>(() => {})
    if (a.delayMs) await Bun.sleep(a.delayMs)
    return new Response('ok')
  })
  cleanups.push(r.stop)
  return Object.assign(r, { state, at })
}

async function serve(world: Parameters<typeof spawnChild>[0]): Promise<Child> {
  const child = spawnChild(world, ['serve'])
  cleanups.push(() => child.proc.kill('SIGKILL'))
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return child
}

function verifiedOrUndefined(secret: string, q: Received) {
  try {
    return verified(secret, q)
  } catch {
    return undefined
  }
}

const undelivered = (world: Parameters<typeof rows>[0]) =>
  rows(world, "select count(*) as n from webhook_deliveries where status != 'succeeded'").then((r) => Number(r[0].n))

describe('webhook delivery across processes', () => {
  test('kill -9 after signals are stored and while they are being delivered: after a restart every signal is delivered, none lost', async () => {
    const w = await pollWorld({ postsPerKeyword: 6, scorerDelayMs: 25, extra: { ...PRIVATE_OK, ...SERVE } })
    cleanups.push(() => w.stop())
    const r = receiver()
    const secrets = await seedDatabase(w.world, PRIVATE_OK, async (deps) => {
      const out: string[] = []
      for (const team of await deps.repos.teams.list())
        out.push((await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}/hook`) })).secret)
      return out
    })

    // A pass killed in the middle: whatever signals it stored have their deliveries (one transaction).
    const pass = spawnChild(w.world, ['poll', '--once'])
    await until('the first signals', async () => (await countOf(w.world, 'signals')) > 0)
    pass.proc.kill('SIGKILL')
    await pass.exited()
    const orphans =
      'select count(*) as n from signals s where not exists (select 1 from webhook_deliveries d where d.signal_id = s.id)'
    expect(Number((await rows(w.world, orphans))[0].n)).toBe(0)
    expect((await runChild(w.world, ['poll', '--once'])).code).toBe(0)
    expect(await w.signals()).toEqual(w.expected)
    expect(Number((await rows(w.world, orphans))[0].n)).toBe(0)
    expect(await countOf(w.world, 'webhook_deliveries')).toBe(w.expected.length)

    // The server claims attempts and sends them; the receiver holds them; the server is killed mid-attempt.
    r.state.hang = true
    const first = await serve(w.world)
    await until('the first attempts', () => r.received.length > 0)
    first.proc.kill('SIGKILL')
    await first.exited()
    expect(await undelivered(w.world)).toBe(w.expected.length)

    // Restarted: the dead process's claims expire (30 s) and every delivery is made.
    r.state.hang = false
    const second = await serve(w.world)
    await until('every delivery to succeed', async () => (await undelivered(w.world)) === 0, 60_000)
    second.proc.kill('SIGTERM')
    await second.exited()

    // Every request verifies with one team's secret; every stored signal and every delivery id reached the receiver.
    const bodies = r.received.map((q: Received) => {
      const body = secrets.map((secret) => verifiedOrUndefined(secret, q)).find(Boolean)
      expect(body).toBeDefined()
      return body
    })
    const signalIds = (await rows(w.world, 'select id from signals')).map((s) => String(s.id)).sort()
    expect([...new Set(bodies.map((b) => String(b.data.signal.id)))].sort()).toEqual(signalIds)
    const sent = new Set(r.received.map((q) => q.headers.get('webhook-id')))
    for (const { id } of await rows(w.world, 'select id from webhook_deliveries'))
      expect(sent.has(String(id))).toBe(true)
  }, 120_000)

  test('two servers on one database file: every attempt is sent by one of them, none twice', async () => {
    const world = processWorld({ ...PRIVATE_OK, ...SERVE })
    cleanups.push(() => world.cleanup())
    const r = receiver({ delayMs: 50 })
    const { teamId, secret } = await seedDatabase(world, PRIVATE_OK, async (deps) => {
      const { team } = await seedTeam(deps)
      const made = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}/hook`) })
      return { teamId: team.id, secret: made.secret }
    })
    const [a, b] = await Promise.all([serve(world), serve(world)])
    const N = 300
    await seedDatabase(world, PRIVATE_OK, (deps) =>
      storeSignals(
        deps,
        Array.from({ length: N }, () => signalRow(teamId)),
      ),
    )
    await until('every delivery to succeed', async () => (await undelivered(world)) === 0, 60_000)
    a.proc.kill('SIGTERM')
    b.proc.kill('SIGTERM')
    await Promise.all([a.exited(), b.exited()])

    // Every delivery reached the receiver.
    const ids = r.received.map((q) => q.headers.get('webhook-id'))
    expect(new Set(ids).size).toBe(N)
    // No attempt went twice: two requests of one delivery are a retry, at least the schedule's first wait apart
    // (4.5 s with jitter), or the 30 s claim after an outcome that could not be written; a second process sending
    // the same claimed attempt would send it at the same moment.
    const times = new Map<string, number[]>()
    for (const [i, q] of r.received.entries())
      getOrAdd(times, String(q.headers.get('webhook-id')), () => []).push(r.at[i])
    for (const at of times.values()) for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThan(4000)
    for (const q of r.received) verified(secret, q)
    // Both servers took part.
    const attemptsBy = (c: Child) =>
      c
        .stderr()
        .split('\n')
        .filter((l) => l.includes('"event":"webhook_attempt"')).length
    expect(attemptsBy(a)).toBeGreaterThan(0)
    expect(attemptsBy(b)).toBeGreaterThan(0)
  }, 120_000)
})
