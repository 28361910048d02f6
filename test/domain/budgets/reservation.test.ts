import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Source } from '../../../src/config/platform-names'
import type { Config } from '../../../src/config/schema'
import { BudgetRefusal } from '../../../src/domain/budgets/budget'
import { budgetReservations } from '../../../src/domain/budgets/reservation'
import { openDatabase } from '../../../src/storage/db'
import { migrate } from '../../../src/storage/migrate'
import { createPlatformBudgetsRepo } from '../../../src/storage/repos/platform-budgets'
import { lastingTestDatabase } from '../../support/test-database'

// docs/performance.md#budgets-in-blocks: a polling pass charges its platform's budget a block at a time. The budget is
// shared by every process on the database (docs/platforms.md#budgets) and must never be overspent, a rate limit
// recorded by any process must still refuse the next search, and what a pass leaves unsent is given back.
const dir = mkdtempSync(join(tmpdir(), 'ls-reservation-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const DAY = '2026-11-15T00:00:00.000Z'
const NOW = '2026-11-15T12:00:00.000Z'
const config = (requests: number) =>
  ({
    platforms: { stackoverflow: { budget_requests: requests, budget_window_seconds: 86_400 } },
  }) as unknown as Pick<Config, 'platforms'>
const SO: Source = 'stackoverflow'

async function world(name: string, requests = 100) {
  const url = await lastingTestDatabase(`file:${join(dir, name)}`)
  const { client } = await openDatabase({ url })
  await migrate(client)
  const budgets = createPlatformBudgetsRepo(client)
  let now = new Date(NOW)
  const clock = { now: () => now, set: (at: string) => (now = new Date(at)) }
  const pass = (planned: number) =>
    budgetReservations({ config: config(requests), clock, budgets }, new Map([[SO, planned]]))
  const used = async () => (await budgets.list())[0]?.used ?? 0
  const spendElsewhere = (cost: number) =>
    budgets.charge({ platform: SO, windowStart: DAY, cost, limit: requests, now: NOW })
  return { client, url, budgets, clock, pass, used, spendElsewhere }
}

const refusal = (p: Promise<void>) =>
  p.then(
    () => null,
    (err) => (err instanceof BudgetRefusal ? err.why : err),
  )

describe("a pass's budget blocks", () => {
  test('one statement reserves a block of what the plan means to send; the unsent rest is given back at the end', async () => {
    const w = await world('block.db')
    const pass = w.pass(20)
    await pass.charge(SO, 1)
    // A tenth of the day's 100 requests: the first search and nine more of the plan, in the database at once.
    expect(await w.used()).toBe(10)
    for (let i = 0; i < 6; i++) await pass.charge(SO, 1)
    expect(await w.used()).toBe(10)
    await pass.release()
    expect(await w.used()).toBe(7)
    // After the pass, a charge takes exactly what it needs.
    await pass.charge(SO, 1)
    expect(await w.used()).toBe(8)
    w.client.close()
  })

  test('never more than the plan: a pass planning three searches reserves three', async () => {
    const w = await world('plan.db')
    const pass = w.pass(3)
    await pass.charge(SO, 1)
    expect(await w.used()).toBe(3)
    w.client.close()
  })

  test('near the window end a search still gets the last requests, and the one after them is refused', async () => {
    const w = await world('end.db')
    expect(await w.spendElsewhere(96)).toBeNull()
    const pass = w.pass(20)
    // The block (10) no longer fits; each of the four searches still does, two of them at once.
    await Promise.all([pass.charge(SO, 1), pass.charge(SO, 1)])
    await pass.charge(SO, 1)
    await pass.charge(SO, 1)
    expect(await w.used()).toBe(100)
    expect(await refusal(pass.charge(SO, 1))).toBe('budget_spent')
    await pass.release()
    expect(await w.used()).toBe(100)
    w.client.close()
  })

  test('searches at once share one refill instead of reserving blocks beside each other', async () => {
    const w = await world('together.db')
    expect(await w.spendElsewhere(98)).toBeNull()
    // Two requests left, two searches planned and started at once: both are sent.
    const pass = w.pass(2)
    expect(await Promise.all([refusal(pass.charge(SO, 1)), refusal(pass.charge(SO, 1))])).toEqual([null, null])
    expect(await w.used()).toBe(100)
    w.client.close()
  })

  test('a rate limit recorded by another process refuses the next search though the block has requests left', async () => {
    const w = await world('limit.db')
    const pass = w.pass(20)
    await pass.charge(SO, 1)
    const other = await openDatabase({ url: w.url })
    await other.client.execute({
      sql: 'insert into platform_health (platform, last_failure_at, last_error, retry_at) values (?, ?, ?, ?)',
      args: [SO, NOW, 'stackoverflow is rate limited', '2026-11-15T12:05:00.000Z'],
    })
    other.client.close()
    expect(await refusal(pass.charge(SO, 1))).toBe('rate_limited')
    w.clock.set('2026-11-15T12:05:00.000Z')
    await pass.charge(SO, 1)
    await pass.release()
    expect(await w.used()).toBe(2)
    w.client.close()
  })

  test("a block belongs to its window: the next window's first search charges that window", async () => {
    const w = await world('window.db')
    const pass = w.pass(20)
    await pass.charge(SO, 1)
    w.clock.set('2026-11-16T00:00:01.000Z')
    await pass.charge(SO, 1)
    expect(await w.budgets.list()).toEqual([{ platform: SO, windowStart: '2026-11-16T00:00:00.000Z', used: 10 }])
    await pass.release()
    expect(await w.used()).toBe(1)
    w.client.close()
  })

  test('two processes reserving blocks of one budget never send more than it allows between them', async () => {
    const w = await world('shared.db')
    const src = (path: string) => JSON.stringify(new URL(`../../../src/${path}`, import.meta.url).pathname)
    // Each process: a pass planning 100 searches, 80 attempts one after the other, counting those not refused.
    const script = `
      const { openDatabase } = await import(${src('storage/db.ts')})
      const { createPlatformBudgetsRepo } = await import(${src('storage/repos/platform-budgets.ts')})
      const { budgetReservations } = await import(${src('domain/budgets/reservation.ts')})
      const { client } = await openDatabase({ url: ${JSON.stringify(w.url)} })
      const config = ${JSON.stringify(config(100))}
      const deps = { config, clock: { now: () => new Date(${JSON.stringify(NOW)}) }, budgets: createPlatformBudgetsRepo(client) }
      const pass = budgetReservations(deps, new Map([['stackoverflow', 100]]))
      let sent = 0
      for (let i = 0; i < 80; i++) await pass.charge('stackoverflow', 1).then(() => sent++, () => {})
      await pass.release()
      console.log(sent)
      client.close()`
    const runs = Array.from({ length: 2 }, () => Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe' }))
    const sent = await Promise.all(runs.map(async (p) => Number((await new Response(p.stdout).text()).trim())))
    expect(await Promise.all(runs.map((p) => p.exited))).toEqual([0, 0])
    const total = sent[0] + sent[1]
    expect(total).toBeLessThanOrEqual(100)
    // What was given back was exactly what was never sent: the database counts each request sent, once.
    expect(await w.used()).toBe(total)
    expect(Math.min(...sent)).toBeGreaterThan(0)
    w.client.close()
  })
})
