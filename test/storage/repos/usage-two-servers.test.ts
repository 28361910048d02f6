import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDeps, type Deps } from '../../../src/deps'
import { manualClock } from '../../support/clock'
import { silentLogger } from '../../support/log'
import { seedTeam, testConfig } from '../../support/deps'
import { client } from '../../support/http'
import { lastingTestDatabase } from '../../support/test-database'

// docs/operations.md#several-executables-on-sqld: two servers on one database (a file, or with
// LEAD_SIGNALS_TEST_DATABASE=sqld one database on a real sqld), each with many counted calls in flight at once.
// On sqld this once stopped every answer: requests took 5, 10, 15 s, then none came back.
const SERVERS = 2
const IN_FLIGHT = 32
const ROUNDS = 60
// A stall on sqld lasts 5 s (its write-lock timeout) or for ever; an answer on a loaded test machine takes well
// under a second.
const ANSWER_WITHIN_MS = 4000

const dir = mkdtempSync(join(tmpdir(), 'ls-two-servers-'))
const opened: Deps[] = []
afterAll(() => {
  for (const deps of opened) deps.database.client.close()
  rmSync(dir, { recursive: true, force: true })
})

type Answer = { status: number | 'none'; ms: number }

/**
 * GET /api/v1/signals (a counted route), given up on after ANSWER_WITHIN_MS so a stall fails the test, not hangs it.
 */
async function counted(call: ReturnType<typeof client>, key: string): Promise<Answer> {
  const started = performance.now()
  const none = Bun.sleep(ANSWER_WITHIN_MS).then(() => 'none' as const)
  const status = await Promise.race([call('GET', '/api/v1/signals', { key }).then((r) => r.status), none])
  return { status, ms: performance.now() - started }
}

// A limited plan takes a unit per call; an unlimited one takes those of one turn together (unlimited-takes.ts).
for (const monthlyRequests of [100_000, 'unlimited'] as const)
  test(`two servers, each with 32 counted calls in flight for 60 rounds (${monthlyRequests} requests a month): every call answers 200 in time and each is charged once`, async () => {
    const config = testConfig({
      database: { url: await lastingTestDatabase(`file:${join(dir, `shared-${monthlyRequests}.db`)}`) },
      plans: { big: { monthly_requests: monthlyRequests } },
    })
    const clock = manualClock('2026-11-15T12:00:00.000Z')
    const servers: Deps[] = []
    for (let i = 0; i < SERVERS; i++) servers.push(await buildDeps(config, { log: silentLogger, clock }))
    opened.push(...servers)
    const { apiKey } = await seedTeam(servers[0], { plan: 'big' })
    const calls = servers.map((deps) => client(deps))

    const answers: Answer[] = []
    const failed = () => answers.some((a) => a.status !== 200 || a.ms >= ANSWER_WITHIN_MS)
    await Promise.all(
      calls.flatMap((call) =>
        Array.from({ length: IN_FLIGHT }, async () => {
          // After the first failure, the others stop: the test fails in seconds instead of waiting out every round.
          for (let round = 0; round < ROUNDS && !failed(); round++) answers.push(await counted(call, apiKey))
        }),
      ),
    )

    const slowest = Math.max(...answers.map((a) => a.ms))
    const statuses = Object.groupBy(answers, (a) => String(a.status))
    expect({ statuses: Object.keys(statuses), slowestUnder: slowest < ANSWER_WITHIN_MS }).toEqual({
      statuses: ['200'],
      slowestUnder: true,
    })
    // Exact across the two: every answered call spent one unit, as each server reads it once the units of an
    // unlimited plan, counted in memory, are written (within milliseconds: unlimited-takes.ts).
    await Promise.all(servers.map((deps) => deps.repos.usage.flush()))
    for (const call of calls) {
      const usage = await call('GET', '/api/v1/usage', { key: apiKey })
      expect(usage.body.usage.used).toBe(SERVERS * IN_FLIGHT * ROUNDS)
    }
  }, 120_000)
