// docs/api.md#unlimited-plans: a call's `usage.used` on an unlimited plan is the team's count after it, also when
// other calls were counted where this server could not see them (another server, a limited plan meanwhile).
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildDeps, type Deps } from '../../src/deps'
import { updateTeam } from '../../src/domain/teams/teams'
import { COUNT_ANSWERED_FOR_MS } from '../../src/storage/repos/unlimited-takes'
import { manualClock } from '../support/clock'
import { silentLogger } from '../support/log'
import { seedTeam, testConfig } from '../support/deps'
import { client } from '../support/http'
import { lastingTestDatabase } from '../support/test-database'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const plans = { endless: { monthly_requests: 'unlimited' as const }, ten: { monthly_requests: 10 } }

/** `n` servers on one database file, each with its own connection, repos and memory. */
async function servers(n: number): Promise<Deps[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ls-unlimited-figures-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  const config = testConfig({ database: { url: await lastingTestDatabase(`file:${join(dir, 'u.db')}`) }, plans })
  const clock = manualClock('2026-11-15T12:00:00.000Z')
  const out: Deps[] = []
  for (let i = 0; i < n; i++) {
    const deps = await buildDeps(config, { log: silentLogger, clock })
    cleanup.push(() => deps.database.client.close())
    out.push(deps)
  }
  return out
}

/** `used` of one counted call's answer. */
async function usedAfterCall(deps: Deps, key: string): Promise<number> {
  const reply = await client(deps)('GET', '/api/v1/signals', { key })
  expect(reply.status).toBe(200)
  return reply.body.usage.used
}

// Past the time a server answers from the count it last wrote.
const pause = () => Bun.sleep(COUNT_ANSWERED_FOR_MS + 50)

describe("an unlimited plan's usage.used after a pause", () => {
  test('includes the calls another server on the same database counted meanwhile', async () => {
    const [a, b] = await servers(2)
    const { apiKey } = await seedTeam(a, { plan: 'endless' })
    expect([await usedAfterCall(a, apiKey), await usedAfterCall(a, apiKey)]).toEqual([1, 2])
    await pause()
    expect([await usedAfterCall(b, apiKey), await usedAfterCall(b, apiKey), await usedAfterCall(b, apiKey)]).toEqual([
      3, 4, 5,
    ])
    await pause()
    expect(await usedAfterCall(a, apiKey)).toBe(6)
  })

  test('includes the calls made while the team was on a limited plan', async () => {
    const [deps] = await servers(1)
    const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
    expect([await usedAfterCall(deps, apiKey), await usedAfterCall(deps, apiKey)]).toEqual([1, 2])
    await pause()
    await updateTeam(deps, { ref: team.id, plan: 'ten' })
    expect([await usedAfterCall(deps, apiKey), await usedAfterCall(deps, apiKey)]).toEqual([3, 4])
    await updateTeam(deps, { ref: team.id, plan: 'endless' })
    expect(await usedAfterCall(deps, apiKey)).toBe(5)
    const report = (await client(deps)('GET', '/api/v1/usage', { key: apiKey })).body.usage
    expect(report).toMatchObject({ used: 5, limit: null, remaining: null })
  })
})
