// docs/operations.md#a-call-that-outlived-its-silence: another server gives back the unit of a call that said nothing
// for LEFT_QUIET_MS (its link to the database silent, slow), taking its process for dead. Such a call, still running,
// must not answer for free: it finds its unit still out before answering, and when it was given back takes one
// again, or is refused as a call with none left is. The silence is injected as left-units.test.ts does (the receipt's
// time moved back, its holder named as a process of another machine), and this call's last word made as old.
import { expect, test } from 'bun:test'
import { charged } from '../../../src/domain/quota/charge'
import { CONFIRM_AFTER_MS, giveBackLeftUnits, LEFT_QUIET_MS } from '../../../src/domain/quota/left-units'
import { takeUnit } from '../../../src/domain/quota/order'
import type { Reservation } from '../../../src/storage/repos/usage'
import { seedTeam, testDeps } from '../../support/deps'

const MONTH = '2026-11'
const OTHER_MACHINE = 'other-host~4026531836:4242:0a0b0c0d0e0f:90000'

async function world() {
  const { deps } = await testDeps({
    config: { plans: { small: { api_access: true, monthly_requests: 2, platforms: [] } } },
  })
  const { team } = await seedTeam(deps, { plan: 'small' })
  const plan = deps.config.plans.small
  const sql = (s: string) => deps.database.client.execute(s)
  const quotaUsed = async () =>
    Number((await sql(`SELECT quota_used FROM teams WHERE id = '${team.id}'`)).rows[0].quota_used)
  // The reservations the calls take, as the repo hands them out.
  const taken: Reservation[] = []
  const { take } = deps.repos.usage
  deps.repos.usage.take = async (...args) => {
    const r = await take(...args)
    if (r) taken.push(r)
    return r
  }
  /** While the first call runs: it said nothing for LEFT_QUIET_MS, and another server gave its unit back. */
  const silentSinceTake = async (givenBack: boolean) => {
    taken[0].confirmedAt = performance.now() - CONFIRM_AFTER_MS - 1000
    if (!givenBack) return
    await sql(`UPDATE take_receipts SET holder = '${OTHER_MACHINE}', at = at - ${LEFT_QUIET_MS + 1000}`)
    expect(await giveBackLeftUnits(deps)).toBe(1)
  }
  const call = (work: () => Promise<unknown> = async () => 'done') => charged(deps, { team, plan }, work)
  return { deps, call, quotaUsed, silentSinceTake, sql, teamId: team.id }
}

test('a unit given back while its call ran is taken again before the answer: one unit, one success', async () => {
  const w = await world()
  const done = await w.call(() => w.silentSinceTake(true))
  expect(done.usage).toMatchObject({ used: 1, remaining: 1 })
  expect(await w.quotaUsed()).toBe(1)
})

test('with no unit left by then, the call is refused as one with none left, charged nothing', async () => {
  const w = await world()
  const late = w.call(async () => {
    await w.silentSinceTake(true)
    // The team spends both units meanwhile.
    await w.call()
    await w.call()
  })
  await expect(late).rejects.toMatchObject({ kind: 'quota_exceeded' })
  expect(await w.quotaUsed()).toBe(2)
})

test('a long-silent call whose unit is still out keeps it: nothing taken twice, its receipt goes', async () => {
  const w = await world()
  const done = await w.call(() => w.silentSinceTake(false))
  expect(done.usage).toMatchObject({ used: 1, remaining: 1 })
  expect(await w.quotaUsed()).toBe(1)
  const out = async () => (await w.sql('SELECT 1 FROM take_receipts WHERE taken = 1')).rows.length
  for (let i = 0; i < 100 && (await out()) > 0; i++) await Bun.sleep(20)
  expect(await out()).toBe(0)
  expect(await giveBackLeftUnits(w.deps)).toBe(0)
})

test('a renewal that finds the unit given back says so, and moves no hold: the call must take one again', async () => {
  const w = await world()
  const r = (await takeUnit(w.deps.repos.usage, w.teamId, MONTH, 2, w.deps.clock.now()))!
  await w.silentSinceTake(true)
  await w.deps.repos.usage.renew(r, r.window! + 1)
  expect(r.lost).toBe(true)
  expect(await w.deps.repos.usage.keep(r)).toBe(false)
  expect(await w.quotaUsed()).toBe(0)
  const holds = await w.deps.repos.usage.holding(w.teamId, MONTH, 2, r.window!)
  expect(holds).toMatchObject({ free: true, held: 0 })
})
