// docs/api.md#the-month: a server whose clock is behind the month the database already holds (another executable's
// clock is ahead, or a call just after midnight came first) reported the new month's counts under the old month's
// name and reset time. The report names the month its counters belong to.
import { describe, expect, test } from 'bun:test'
import { charged } from '../../../src/domain/quota/charge'
import { planOf } from '../../../src/domain/core/plans'
import { usageReport } from '../../../src/domain/quota/report'
import { usageByDay } from '../../../src/domain/quota/usage-by-day'
import { seedTeam, testDeps } from '../../support/deps'

const BEHIND = '2026-11-30T23:59:59.900Z'

/** A team already moved into December, with one call paid there, seen by a process whose clock reads November. */
async function world(plan: { monthly_requests: number | 'unlimited' }, api = {}) {
  const { deps, clock } = await testDeps({ config: { plans: { p: plan }, api } })
  clock.set(BEHIND)
  const { team } = await seedTeam(deps, { plan: 'p' })
  await deps.repos.usage.rollOver(team.id, '2026-12', 0)
  await charged(deps, { team, plan: planOf(deps.config, 'p') }, async () => 'ok')
  await deps.repos.usageDays.flush()
  const caller = async () => ({ team: (await deps.repos.teams.byId(team.id))!, plan: planOf(deps.config, 'p') })
  return { deps, caller }
}

describe('the usage report when the clock is behind the database (docs/api.md#the-month)', () => {
  test("names the month its counters are in, and that month's reset", async () => {
    const { deps, caller } = await world({ monthly_requests: 10 })
    const report = await usageReport(deps, await caller())
    expect(report.usage).toEqual({
      used: 1,
      limit: 10,
      remaining: 9,
      month: '2026-12',
      resetsAt: '2027-01-01T00:00:00.000Z',
    })
    const byDay = await usageByDay(deps, await caller())
    expect(byDay.usage).toMatchObject({ used: 1, month: '2026-12', resetsAt: '2027-01-01T00:00:00.000Z' })
    expect(byDay.days).toEqual([{ day: '2026-12-01', calls: 1 }])
  })

  test('when the report itself is counted, the month it was paid from', async () => {
    const { deps, caller } = await world({ monthly_requests: 10 }, { count_usage_endpoint: true })
    const report = await usageReport(deps, await caller())
    expect(report.usage).toEqual({
      used: 2,
      limit: 10,
      remaining: 8,
      month: '2026-12',
      resetsAt: '2027-01-01T00:00:00.000Z',
    })
  })

  test("an unlimited plan's units counted here and not yet written are December's too", async () => {
    const { deps, caller } = await world({ monthly_requests: 'unlimited' })
    await charged(deps, await caller(), async () => 'ok')
    // Before this process writes the second unit: the report adds it, from the month it was counted in.
    const report = await usageReport(deps, await caller())
    expect(report.usage).toEqual({
      used: 2,
      limit: null,
      remaining: null,
      month: '2026-12',
      resetsAt: '2027-01-01T00:00:00.000Z',
    })
  })

  test("a call refused there is told to wait until December's end, not a moment", async () => {
    const { deps, caller } = await world({ monthly_requests: 1 })
    const refused = charged(deps, await caller(), async () => 'ok')
    // From 2026-11-30T23:59:59.900Z to 2027-01-01T00:00:00Z: 31 days and 0.1 s, rounded up.
    await expect(refused).rejects.toMatchObject({ kind: 'quota_exceeded', extra: { retryAfterSec: 31 * 86_400 + 1 } })
  })

  test('so is a call whose team was read before another process moved it into December', async () => {
    const { deps, caller } = await world({ monthly_requests: 1 })
    // The caller as the key's lookup found it a moment earlier: still in November.
    const { team, plan } = await caller()
    const refused = charged(deps, { team: { ...team, usageMonth: '2026-11', quotaUsed: 0 }, plan }, async () => 'ok')
    await expect(refused).rejects.toMatchObject({ kind: 'quota_exceeded', extra: { retryAfterSec: 31 * 86_400 + 1 } })
  })

  test('with the clock in the same month as the counters, nothing changes', async () => {
    const { deps } = await testDeps({ config: { plans: { p: { monthly_requests: 10 } } } })
    const { team } = await seedTeam(deps, { plan: 'p' })
    const report = await usageReport(deps, { team, plan: planOf(deps.config, 'p') })
    expect(report.usage).toEqual({
      used: 0,
      limit: 10,
      remaining: 10,
      month: '2026-11',
      resetsAt: '2026-12-01T00:00:00.000Z',
    })
  })
})
