import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../../src/storage/db'
import { migrate } from '../../../src/storage/migrate'
import { createPlatformBudgetsRepo } from '../../../src/storage/repos/platform-budgets'
import { lastingTestDatabase } from '../../support/test-database'

// docs/platforms.md#budgets: the budget lives in the database, so processes sharing it (a server, `poll --once`,
// `platforms check`) spend one budget between them.
const dir = mkdtempSync(join(tmpdir(), 'ls-budgets-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const WINDOW = '2026-11-15T00:00:00.000Z'
const NOW = '2026-11-15T12:00:00.000Z'

/** A database file in `dir`, or with LEAD_SIGNALS_TEST_DATABASE=sqld a database on a real sqld. */
async function database(name: string) {
  const url = await lastingTestDatabase(`file:${join(dir, name)}`)
  const db = await openDatabase({ url })
  await migrate(db.client)
  return { ...db, url }
}

describe('platform budgets in the database', () => {
  test('a charge takes requests while the window has them, refuses past the limit, and starts over in a new window', async () => {
    const { client } = await database('one.db')
    const budgets = createPlatformBudgetsRepo(client)
    const charge = (cost: number, windowStart = WINDOW) =>
      budgets.charge({ platform: 'youtube', windowStart, cost, limit: 5, now: NOW })
    expect(await charge(3)).toBeNull()
    expect(await charge(2)).toBeNull()
    expect(await charge(1)).toEqual({ retryAt: undefined, used: 5 })
    expect(await budgets.list()).toEqual([{ platform: 'youtube', windowStart: WINDOW, used: 5 }])
    expect(await charge(1, '2026-11-16T00:00:00.000Z')).toBeNull()
    expect(await budgets.list()).toEqual([{ platform: 'youtube', windowStart: '2026-11-16T00:00:00.000Z', used: 1 }])
    // A process whose clock is behind does not move the window back.
    expect(await charge(1)).toBeNull()
    expect(await budgets.list()).toEqual([{ platform: 'youtube', windowStart: '2026-11-16T00:00:00.000Z', used: 2 }])
    client.close()
  })

  test('nothing is charged while a rate limit asked to wait, and the refusal says until when', async () => {
    const { client } = await database('two.db')
    const budgets = createPlatformBudgetsRepo(client)
    await client.execute({
      sql: 'insert into platform_health (platform, last_failure_at, last_error, retry_at) values (?, ?, ?, ?)',
      args: ['github', NOW, 'github is rate limited', '2026-11-15T12:05:00.000Z'],
    })
    const charge = (now: string) => budgets.charge({ platform: 'github', windowStart: WINDOW, cost: 1, limit: 10, now })
    expect(await charge(NOW)).toEqual({ retryAt: '2026-11-15T12:05:00.000Z', used: 0 })
    expect(await budgets.list()).toEqual([])
    expect(await charge('2026-11-15T12:05:00.000Z')).toBeNull()
    client.close()
  })

  test('three processes charging one database at once never spend more than the budget between them', async () => {
    const { client, url } = await database('shared.db')
    const script = `
      const { openDatabase } = await import(${JSON.stringify(new URL('../../../src/storage/db.ts', import.meta.url).pathname)})
      const { createPlatformBudgetsRepo } = await import(${JSON.stringify(new URL('../../../src/storage/repos/platform-budgets.ts', import.meta.url).pathname)})
      const { client } = await openDatabase({ url: ${JSON.stringify(url)} })
      const budgets = createPlatformBudgetsRepo(client)
      let charged = 0
      for (let i = 0; i < 60; i++)
        if ((await budgets.charge({ platform: 'stackoverflow', windowStart: ${JSON.stringify(WINDOW)}, cost: 1, limit: 100, now: ${JSON.stringify(NOW)} })) === null) charged++
      console.log(charged)
      client.close()`
    const runs = Array.from({ length: 3 }, () => Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe' }))
    const counts = await Promise.all(runs.map(async (p) => Number((await new Response(p.stdout).text()).trim())))
    expect(await Promise.all(runs.map((p) => p.exited))).toEqual([0, 0, 0])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100)
    expect(await createPlatformBudgetsRepo(client).list()).toEqual([
      { platform: 'stackoverflow', windowStart: WINDOW, used: 100 },
    ])
    client.close()
  })
})
