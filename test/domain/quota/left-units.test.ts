// domain/quota/left-units.ts: the units that calls of a process that died still held come back to their team, exactly
// once (docs/api.md#reserve-and-give-back); a unit its call kept, and one of a call that still says it runs, do not.
import { expect, test } from 'bun:test'
import type { InStatement, TransactionMode } from '@libsql/client'
import { AppError } from '../../../src/errors'
import { createGroupCommit } from '../../../src/storage/engine/group-commit'
import { COUNTED } from '../../../src/storage/engine/write-turns'
import { createUsageRepo } from '../../../src/storage/repos/usage'
import { LEASE_HOST } from '../../../src/domain/leases/holder'
import { giveBackLeftUnits, LEFT_QUIET_MS } from '../../../src/domain/quota/left-units'
import { takeUnit } from '../../../src/domain/quota/order'
import { seedTeam, testDeps } from '../../support/deps'

const MONTH = '2026-11'
const AT = new Date('2026-11-15T12:00:00.000Z')

async function world() {
  const { deps } = await testDeps({
    config: { plans: { small: { api_access: true, monthly_requests: 2, platforms: [] } } },
  })
  const { team } = await seedTeam(deps, { plan: 'small', credits: 1 })
  await deps.repos.usage.rollOver(team.id, MONTH, 0)
  const { usage } = deps.repos
  const take = async () => (await takeUnit(usage, team.id, MONTH, 2, AT))!
  const sql = (s: string) => deps.database.client.execute(s)
  const counters = async () => {
    const row = (await sql(`SELECT quota_used, credit_used, credits FROM teams WHERE id = '${team.id}'`)).rows[0]
    return { quotaUsed: Number(row.quota_used), creditUsed: Number(row.credit_used), credits: Number(row.credits) }
  }
  return { deps, usage, take, sql, counters, teamId: team.id }
}

test("another machine's calls: their units come back once they said nothing for LEFT_QUIET_MS, once however many look", async () => {
  const { deps, usage, take, sql, counters } = await world()
  const [kept, , credit] = [await take(), await take(), await take()]
  expect(credit.source).toBe('credit')
  // As a process of another machine holds them: whether it runs cannot be asked.
  await sql("UPDATE take_receipts SET holder = 'other-host~4026531836:4242:0a0b0c0d0e0f:90000'")
  expect(await usage.keep(kept)).toBe(true)
  // Its receipt goes with the next group of quota writes, not waited for by the call.
  const out = async () => (await sql(`SELECT 1 FROM take_receipts WHERE id = '${kept.receipt}'`)).rows.length
  while ((await out()) > 0) await Bun.sleep(5)
  expect(await giveBackLeftUnits(deps)).toBe(0)
  expect(await counters()).toEqual({ quotaUsed: 2, creditUsed: 1, credits: 0 })

  await sql(`UPDATE take_receipts SET at = at - ${LEFT_QUIET_MS + 1000}`)
  const given = await Promise.all([giveBackLeftUnits(deps), giveBackLeftUnits(deps), giveBackLeftUnits(deps)])
  expect(given.reduce((a, b) => a + b)).toBe(2)
  expect(await counters()).toEqual({ quotaUsed: 1, creditUsed: 0, credits: 1 })
  expect(await giveBackLeftUnits(deps)).toBe(0)
  expect(await counters()).toEqual({ quotaUsed: 1, creditUsed: 0, credits: 1 })
})

test("a process of this machine that is gone: its calls' units come back at once; this process's own stay held", async () => {
  const { deps, usage, take, sql, counters } = await world()
  const mine = await take()
  const theirs = await take()
  const gone = Bun.spawn(['true'])
  await gone.exited
  await sql(
    `UPDATE take_receipts SET holder = '${LEASE_HOST}:${gone.pid}:0a0b0c0d0e0f:90000' WHERE id = '${theirs.receipt}'`,
  )
  // Long quiet too: this process's own calls settle their units themselves.
  await sql(`UPDATE take_receipts SET at = at - ${LEFT_QUIET_MS + 1000} WHERE id = '${mine.receipt}'`)
  // A process of this machine that runs (this one's parent), however long its calls said nothing: not taken for dead.
  const alive = await take()
  await sql(
    `UPDATE take_receipts SET holder = '${LEASE_HOST}:${process.ppid}:0a0b0c0d0e0f:90000', at = at - ${
      LEFT_QUIET_MS + 1000
    } WHERE id = '${alive.receipt}'`,
  )
  expect(await giveBackLeftUnits(deps)).toBe(1)
  // `alive` was paid by the credit: the plan's two requests were taken.
  expect(await counters()).toEqual({ quotaUsed: 1, creditUsed: 1, credits: 0 })
  expect(await usage.keep(alive)).toBe(true)
  expect(await usage.keep(mine)).toBe(true)
})

test('a call that runs on says so with each new hold window: its unit is not taken for left', async () => {
  const { deps, usage, take, sql, counters } = await world()
  const long = await take()
  await sql("UPDATE take_receipts SET holder = 'other-host~4026531836:4242:0a0b0c0d0e0f:90000'")
  await sql(`UPDATE take_receipts SET at = at - ${LEFT_QUIET_MS + 1000}`)
  await usage.renew(long, long.window! + 1)
  expect(await giveBackLeftUnits(deps)).toBe(0)
  expect(await usage.keep(long)).toBe(true)
  expect(await counters()).toEqual({ quotaUsed: 1, creditUsed: 0, credits: 1 })
})

test("a kept unit whose receipt's deletion the database did not take is deleted later: never given back", async () => {
  const { deps, sql, counters, teamId } = await world()
  const database = deps.database.client
  // The database is unavailable for the first deletion of kept units' receipts (take-receipts.ts FORGET) only.
  let refused = 0
  const unavailableOnce = (stmts: InStatement[]) => {
    if (refused > 0 || !stmts.some((s) => typeof s !== 'string' && s.sql.startsWith('DELETE FROM take_receipts')))
      return
    refused++
    throw new AppError('storage_unavailable', 'the database is not answering')
  }
  // On a libSQL server the group commit sends through the client's counted lane, past this proxy: without the lane
  // it sends through execute and batch here, as on a database file.
  const failing = new Proxy(database, {
    get: (target, prop) =>
      prop === COUNTED
        ? undefined
        : prop === 'batch'
          ? (stmts: InStatement[], mode?: TransactionMode) => {
              unavailableOnce(stmts)
              return target.batch(stmts, mode)
            }
          : prop === 'execute'
            ? (stmt: InStatement) => {
                unavailableOnce([stmt])
                return target.execute(stmt)
              }
            : Reflect.get(target, prop),
  })
  const usage = createUsageRepo(failing, createGroupCommit(failing), () => {}, 'other-host~1:4242:0a0b0c0d0e0f:90000')
  const kept = (await takeUnit(usage, teamId, MONTH, 2, AT))!
  expect(await usage.keep(kept)).toBe(true)
  const out = async () => (await sql(`SELECT 1 FROM take_receipts WHERE id = '${kept.receipt}'`)).rows.length
  for (let i = 0; i < 60 && (await out()) > 0; i++) await Bun.sleep(50)
  expect(refused).toBe(1)
  expect(await out()).toBe(0)
  // Another machine's process that went quiet long ago: nothing of it is out any more.
  await sql(`UPDATE take_receipts SET at = at - ${LEFT_QUIET_MS + 1000}`)
  expect(await giveBackLeftUnits(deps)).toBe(0)
  expect((await counters()).quotaUsed).toBe(1)
})
