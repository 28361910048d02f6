import { afterEach, describe, expect, test } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam } from '../support/deps'
import { fakeHackerNewsFirebase, fakeJetstream } from '../support/fake-streams'
import { fakeUpstream } from '../support/fake-upstream'
import { BUYING } from '../support/stream-world'
import { endpointInput } from '../support/webhooks'
import { countOf, processWorld, rows, seedDatabase, until } from './child'
import { serve } from './webhook-once'

// docs/streams.md#resuming, with the real `serve` (bun src/main.ts serve) killed with SIGKILL in the middle of a
// Jetstream replay and a Hacker News catch-up.
const cleanups: (() => void)[] = []
// The streams these tests do not fake are searched instead, so that nothing leaves 127.0.0.1.
const SEARCHED = { stackoverflow: { mode: 'search' }, devto: { mode: 'search' } }
afterEach(() => {
  while (cleanups.length) cleanups.pop()?.()
})

describe('streams across a kill -9', () => {
  test('a restarted serve resumes both streams from the stored positions: every post one signal, every signal delivered', async () => {
    const jet = fakeJetstream()
    const hn = fakeHackerNewsFirebase()
    const receiver = fakeUpstream(() => new Response('ok'))
    cleanups.push(jet.stop, hn.stop, receiver.stop)
    const config = {
      server: { host: '127.0.0.1', port: 0 },
      polling: { enabled: false },
      webhooks: { allow_private_targets: true },
      scorer: { backend: 'rules' },
      platforms: {
        bluesky: { stream_url: [jet.url], appview_url: '' },
        hackernews: { stream_url: hn.url },
        ...SEARCHED,
      },
    }
    const world = processWorld(config)
    await seedDatabase(world, config, async (deps) => {
      const { team } = await seedTeam(deps, { plan: 'scale' })
      await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
      await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${receiver.origin}/hook`) })
    })

    const first = await serve(world, cleanups)
    await until('the Jetstream connection', () => jet.clients() === 1)
    await until(
      'the Hacker News position',
      async () => (await rows(world, "select 1 from stream_positions where platform = 'hackernews'")).length === 1,
    )
    const expected: string[] = []
    const postMany = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        expected.push(`bluesky:${jet.post(BUYING(`b${i}`)).uri}`)
        jet.post(`Nothing to see here ${i}`)
        if (i % 4 === 0) expected.push(`hackernews:${hn.story(BUYING(`h${i}`))}`)
        await Bun.sleep(10)
      }
    }
    await postMany(0, 40)
    await until('the first signals', async () => (await countOf(world, 'signals')) >= 5)
    first.proc.kill('SIGKILL')
    await first.exited()
    const before = await countOf(world, 'signals')
    // Posted while no process reads: the next one finds them from the stored positions.
    await postMany(40, 60)

    const second = await serve(world, cleanups)
    await until('every signal', async () => (await countOf(world, 'signals')) === expected.length, 30_000)
    const ids = (await rows(world, 'select post_id from signals')).map((r) => String(r.post_id)).sort()
    expect(ids).toEqual([...expected].sort())
    expect(before).toBeLessThan(expected.length)
    // Jetstream was asked to replay from the stored cursor, rewound 5 s.
    const resumed = jet.connections[jet.connections.length - 1]
    expect(resumed?.searchParams.get('cursor')).not.toBeNull()

    // Every signal delivered; an attempt the killed process held is sent again under its same webhook-id, never as a
    // second delivery of the signal (docs/webhooks.md#delivery).
    await until(
      'every delivery',
      async () => {
        const ids = new Set(receiver.received.map((r) => r.headers.get('webhook-id')))
        return ids.size === expected.length
      },
      60_000,
    )
    expect(await countOf(world, 'webhook_deliveries')).toBe(expected.length)
    second.proc.kill('SIGTERM')
    expect(await second.exited()).toBe(0)
  }, 120_000)

  // docs/streams.md#resuming: each stream holds a lease, so two `serve` on one database read a platform once, and the
  // one standing by takes over at its next ask (every 10 s) when the holder dies on the same host.
  test('two serves on one database: one Jetstream connection; the other takes over within its standby after a kill -9', async () => {
    const jet = fakeJetstream()
    cleanups.push(jet.stop)
    const config = {
      server: { host: '127.0.0.1', port: 0 },
      polling: { enabled: false },
      scorer: { backend: 'rules' },
      platforms: { bluesky: { stream_url: [jet.url], appview_url: '' }, hackernews: { mode: 'search' }, ...SEARCHED },
    }
    const world = processWorld(config)
    await seedDatabase(world, config, async (deps) => {
      const { team } = await seedTeam(deps, { plan: 'scale' })
      await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    })
    const servers = await Promise.all([serve(world, cleanups), serve(world, cleanups)])
    const expected: string[] = []
    const postMany = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        expected.push(`bluesky:${jet.post(BUYING(`b${i}`)).uri}`)
        await Bun.sleep(10)
      }
    }
    await until('the Jetstream connection', () => jet.clients() === 1)
    await postMany(0, 20)
    await until('the first signals', async () => (await countOf(world, 'signals')) === 20)
    // Both had asked for the lease by then (each asks as it starts): one connection in all.
    expect(jet.connections).toHaveLength(1)
    const [lease] = await rows(world, "select holder from job_leases where name = 'stream:bluesky'")
    const holder = servers.find((s) => String(lease?.holder).includes(`:${s.proc.pid}:`))
    const other = servers.find((s) => s !== holder)
    if (!holder || !other) throw new Error('no server holds the bluesky lease')
    holder.proc.kill('SIGKILL')
    await holder.exited()
    const killedAt = Date.now()
    await postMany(20, 40)
    await until('the other server connected', () => jet.clients() === 1, 30_000)
    // Within its standby of 10 s; a lease left to lapse would take 30 s and more. Wall time, on a loaded host.
    expect(Date.now() - killedAt).toBeLessThan(20_000)
    await until('every signal', async () => (await countOf(world, 'signals')) === expected.length, 30_000)
    const ids = (await rows(world, 'select post_id from signals')).map((r) => String(r.post_id)).sort()
    expect(ids).toEqual([...expected].sort())
    other.proc.kill('SIGTERM')
    expect(await other.exited()).toBe(0)
  }, 120_000)
})
