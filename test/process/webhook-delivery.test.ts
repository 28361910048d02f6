import { afterEach, describe, expect, test } from 'bun:test'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { fakeUpstream, type Received } from '../support/fake-upstream'
import { endpointInput, verified } from '../support/webhooks'
import { countOf, processWorld, rows, runChild, seedDatabase, spawnChild, until } from './child'
import { eachAttemptOnce, PRIVATE_OK, SERVE, serve, undelivered } from './webhook-once'
import { pollWorld } from './poll-world'

const cleanups: (() => void)[] = []
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
})

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

function verifiedOrUndefined(secret: string, q: Received) {
  try {
    return verified(secret, q)
  } catch {
    return undefined
  }
}

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
    const first = await serve(w.world, cleanups)
    await until('the first attempts', () => r.received.length > 0)
    first.proc.kill('SIGKILL')
    await first.exited()
    expect(await undelivered(w.world)).toBe(w.expected.length)

    // Restarted: the dead process's claims expire and every delivery is made. A claim runs out by the database's
    // clock 30 s after it was taken; the claims are moved 30 s into the past rather than waited out.
    const held = await rows(w.world, 'select count(*) as n from webhook_deliveries where claim_expires_at > 0')
    expect(Number(held[0].n)).toBeGreaterThan(0)
    await rows(
      w.world,
      'update webhook_deliveries set claim_expires_at = claim_expires_at - 30000 where claim_expires_at > 0',
    )
    r.state.hang = false
    const second = await serve(w.world, cleanups)
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
    await eachAttemptOnce(world, { servers: 2, n: 300 }, cleanups)
  }, 120_000)
})
