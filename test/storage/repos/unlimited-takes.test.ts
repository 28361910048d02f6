// docs/performance.md#unlimited-takes: an unlimited quota's units are taken for a whole turn of the event loop at once.
import { describe, expect, test } from 'bun:test'
import type { Client, InStatement } from '@libsql/client'
import { createUsageRepo } from '../../../src/storage/repos/usage'
import { seedTeam, testDeps } from '../../support/deps'
import { takeUnit } from '../../../src/domain/quota/order'
import { COUNTED } from '../../../src/storage/engine/write-turns'

const MONTH = '2026-11'
const AT = new Date('2026-11-15T12:00:00.000Z')

/** A usage repo over the test database, and the UPDATE statements it sent. */
async function world(plans: Record<string, { monthly_requests: number | 'unlimited' }>) {
  const { deps } = await testDeps({ config: { plans } })
  const updates: string[] = []
  const note = (s: InStatement) => {
    const sql = typeof s === 'string' ? s : s.sql
    if (sql.startsWith('UPDATE teams')) updates.push(sql)
  }
  const counting = new Proxy(deps.database.client, {
    get(target, prop) {
      // On a libSQL server the quota's writes take the client's counted lane, which sends through the client itself,
      // past this proxy: without the lane they are sent through execute and batch here, as on a database file.
      if (prop === COUNTED) return undefined
      if (prop === 'execute')
        return (s: InStatement) => {
          note(s)
          return target.execute(s)
        }
      if (prop === 'batch')
        return (ss: InStatement[], mode?: 'write') => {
          for (const s of ss) note(s)
          return target.batch(ss, mode)
        }
      return Reflect.get(target, prop)
    },
  }) as Client
  const taken: number[] = []
  const usage = createUsageRepo(counting, undefined, (_, c) => taken.push(c.quotaUsed))
  return { deps, usage, updates, taken, quotaUsed: (teamId: string) => quotaUsedOf(deps, teamId) }
}

/** The team's quota_used as the database holds it. */
async function quotaUsedOf(deps: Awaited<ReturnType<typeof testDeps>>['deps'], teamId: string) {
  const rs = await deps.database.client.execute({ sql: 'SELECT quota_used FROM teams WHERE id = ?', args: [teamId] })
  return Number(rs.rows[0].quota_used)
}

describe('units of an unlimited quota', () => {
  test('taken by 40 calls in one turn: one statement, each call its own count, as if taken one after another', async () => {
    const w = await world({ open: { monthly_requests: 'unlimited' } })
    const { team } = await seedTeam(w.deps, { plan: 'open' })
    const got = await Promise.all(Array.from({ length: 40 }, () => takeUnit(w.usage, team.id, MONTH, null, AT)))
    expect(w.updates).toHaveLength(1)
    expect(got.map((r) => r?.counters.quotaUsed)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    expect(got.every((r) => r?.source === 'quota' && r.window === null)).toBe(true)
    expect(await w.quotaUsed(team.id)).toBe(40)
    expect(w.taken).toEqual([40])

    // Later turns take on from there without a statement: their units are counted in memory and written together.
    const [next, after] = await Promise.all([
      takeUnit(w.usage, team.id, MONTH, null, AT),
      takeUnit(w.usage, team.id, MONTH, null, AT),
    ])
    expect([next?.counters.quotaUsed, after?.counters.quotaUsed]).toEqual([41, 42])
    expect(w.usage.unwritten(team.id, MONTH)).toBe(2)
    // A unit given back comes off the count before it is ever written.
    await w.usage.giveBack(got[0] as NonNullable<(typeof got)[0]>)
    expect(w.usage.unwritten(team.id, MONTH)).toBe(1)
    await w.usage.flush()
    expect(w.updates).toHaveLength(2)
    expect(await w.quotaUsed(team.id)).toBe(41)
    expect(w.usage.unwritten(team.id, MONTH)).toBe(0)
    expect(w.taken).toEqual([40, 41])
  })

  test('units counted in memory are written by themselves within moments, and at shutdown', async () => {
    const w = await world({ open: { monthly_requests: 'unlimited' } })
    const { team } = await seedTeam(w.deps, { plan: 'open' })
    const first = await takeUnit(w.usage, team.id, MONTH, null, AT)
    expect(first?.counters.quotaUsed).toBe(1)
    await w.usage.keep(first!)
    for (let i = 0; i < 3; i++) await w.usage.keep((await takeUnit(w.usage, team.id, MONTH, null, AT))!)
    // No flush: the interval's timer writes them (the wait is a bound for a loaded machine, not a measure).
    const deadline = Date.now() + 5000
    while ((await w.quotaUsed(team.id)) !== 4 && Date.now() < deadline) await Bun.sleep(5)
    expect(await w.quotaUsed(team.id)).toBe(4)

    // At shutdown, what is still counted is written and the calls still in flight give theirs back.
    const inFlight = await takeUnit(w.usage, team.id, MONTH, null, AT)
    await w.usage.keep((await takeUnit(w.usage, team.id, MONTH, null, AT))!)
    expect(inFlight?.counters.quotaUsed).toBe(5)
    expect(await w.usage.giveBackAll()).toBe(1)
    expect([await w.quotaUsed(team.id), w.usage.unwritten(team.id, MONTH)]).toEqual([5, 0])
  })

  test('a write that fails keeps its units and is tried again a moment later, without another call', async () => {
    const { deps } = await testDeps({ config: { plans: { open: { monthly_requests: 'unlimited' } } } })
    const { team } = await seedTeam(deps, { plan: 'open' })
    // The second write of the units (the first after the team's first call) fails once, as a database out of
    // reach would.
    let writes = 0
    const flaky = new Proxy(deps.database.client, {
      get(target, prop) {
        if (prop === COUNTED) return undefined
        if (prop !== 'execute') return Reflect.get(target, prop)
        return (s: InStatement) => {
          if (typeof s !== 'string' && s.sql.includes('MAX(quota_used') && ++writes === 2)
            return Promise.reject(new Error('the database is out of reach'))
          return target.execute(s)
        }
      },
    }) as Client
    const usage = createUsageRepo(flaky)
    const quotaUsed = () => quotaUsedOf(deps, team.id)
    await usage.keep((await takeUnit(usage, team.id, MONTH, null, AT))!)
    await usage.keep((await takeUnit(usage, team.id, MONTH, null, AT))!)
    // The retry comes a second after the failure; the bound is for a loaded machine, not a measure.
    const deadline = Date.now() + 4000
    while ((await quotaUsed()) !== 2 && Date.now() < deadline) await Bun.sleep(20)
    expect({ used: await quotaUsed(), writes }).toEqual({ used: 2, writes: 3 })
    expect(usage.unwritten(team.id, MONTH)).toBe(0)
  })

  test('two teams in one turn each get their own statement and counts; a team still in an earlier month gets none', async () => {
    const w = await world({ open: { monthly_requests: 'unlimited' } })
    const a = (await seedTeam(w.deps, { name: 'a', plan: 'open' })).team
    const b = (await seedTeam(w.deps, { name: 'b', plan: 'open' })).team
    const got = await Promise.all([
      ...Array.from({ length: 3 }, () => takeUnit(w.usage, a.id, MONTH, null, AT)),
      ...Array.from({ length: 5 }, () => takeUnit(w.usage, b.id, MONTH, null, AT)),
      takeUnit(w.usage, a.id, '2026-12', null, AT),
    ])
    expect(got.map((r) => r?.counters.quotaUsed)).toEqual([1, 2, 3, 1, 2, 3, 4, 5, undefined])
    expect([await w.quotaUsed(a.id), await w.quotaUsed(b.id)]).toEqual([3, 5])
  })

  test('a limited quota still takes one unit per statement, so its limit is checked for each', async () => {
    const w = await world({ small: { monthly_requests: 3 } })
    const { team } = await seedTeam(w.deps, { plan: 'small' })
    const got = await Promise.all(Array.from({ length: 5 }, () => takeUnit(w.usage, team.id, MONTH, 3, AT)))
    expect(got.map((r) => r?.counters.quotaUsed)).toEqual([1, 2, 3, undefined, undefined])
    expect(w.updates.filter((sql) => sql.includes('quota_used = quota_used + 1'))).toHaveLength(5)
  })
})
