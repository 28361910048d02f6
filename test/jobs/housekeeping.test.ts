import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'bun:test'
import { buildDeps, type Deps } from '../../src/deps'
import { silentLogger } from '../support/log'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { charged } from '../../src/domain/quota/charge'
import { listTeams } from '../../src/domain/teams/teams'
import { SCORE_CACHE_MAX_AGE_DAYS } from '../../src/domain/housekeeping/prune'
import { HOUSEKEEPING_LEASE, runHousekeeping } from '../../src/jobs/housekeeping'
import { DELIVERY_LOG_DAYS } from '../../src/domain/housekeeping/housekeeping'
import { seedTeam, testDeps } from '../support/deps'
import { endpointInput } from '../support/webhooks'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { lastingTestDatabase } from '../support/test-database'

async function rows(deps: Deps, sql: string, args: (string | number)[] = []) {
  const rs = await deps.database.client.execute({ sql, args })
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}
const teamRows = (deps: Deps) =>
  rows(deps, 'select name, plan, usage_month, quota_used, credit_used, credits from teams order by name')

/** Teams in November 2026: credits partly spent on the credit plan, quota partly used on growth. */
async function november(databaseUrl?: string) {
  const database = databaseUrl ? { database: { url: databaseUrl } } : {}
  const { deps, clock } = await testDeps({ now: '2026-11-15T12:00:00.000Z', config: database })
  await seedTeam(deps, { name: 'ult', plan: 'ultimate' })
  await seedTeam(deps, { name: 'rich', plan: 'ultimate', credits: 250 })
  await seedTeam(deps, { name: 'grow', plan: 'growth' })
  await seedTeam(deps, { name: 'gone', plan: 'growth' })
  const spend = (name: string, set: string) =>
    deps.database.client.execute({ sql: `update teams set ${set} where name = ?`, args: [name] })
  await spend('ult', 'credits = 37, credit_used = 63')
  await spend('rich', 'credits = 245, credit_used = 5')
  await spend('grow', 'quota_used = 120')
  // A plan this server no longer defines: such a team has no API access, so nothing rolls it over lazily either.
  await spend('gone', "plan = 'retired', quota_used = 7")
  return { deps, clock }
}

describe('monthly housekeeping: the month roll-over', () => {
  test('after the month changes, teams see the same counters and credits as the lazy roll-over showed them', async () => {
    const { deps, clock } = await november()
    clock.set('2026-12-01T00:05:00.000Z')
    const lazy = await listTeams(deps)

    const summary = await runHousekeeping(deps)

    expect(summary).toMatchObject({ outcome: 'completed', month: '2026-12', teamsRolledOver: 3 })
    expect(await listTeams(deps)).toEqual(lazy)
    expect(await teamRows(deps)).toEqual([
      { name: 'gone', plan: 'retired', usage_month: '2026-11', quota_used: 7, credit_used: 0, credits: 0 },
      { name: 'grow', plan: 'growth', usage_month: '2026-12', quota_used: 0, credit_used: 0, credits: 0 },
      // Bought credits above the allowance are kept, as the lazy path keeps them.
      { name: 'rich', plan: 'ultimate', usage_month: '2026-12', quota_used: 0, credit_used: 0, credits: 245 },
      { name: 'ult', plan: 'ultimate', usage_month: '2026-12', quota_used: 0, credit_used: 0, credits: 100 },
    ])
  })

  test('running twice in a month, also after credits were spent in it, refills nothing the second time', async () => {
    const { deps, clock } = await november()
    clock.set('2026-12-01T00:05:00.000Z')
    await runHousekeeping(deps)
    const ult = (await deps.repos.teams.find('ult'))!
    await charged(deps, { team: ult, plan: deps.config.plans.ultimate }, async () => undefined)
    const afterSpending = await teamRows(deps)

    clock.set('2026-12-01T00:06:00.000Z')
    const again = await runHousekeeping(deps)

    expect(again).toMatchObject({ outcome: 'completed', teamsRolledOver: 0 })
    expect(await teamRows(deps)).toEqual(afterSpending)
    expect(afterSpending.find((t) => t.name === 'ult')).toMatchObject({ credits: 99, credit_used: 1 })
  })

  test('a missed month is caught up by the next run, once: credits are topped up, not added twice', async () => {
    const { deps, clock } = await november()
    clock.set('2027-01-10T08:00:00.000Z')
    const lazy = await listTeams(deps)
    await runHousekeeping(deps)
    expect(await listTeams(deps)).toEqual(lazy)
    expect((await teamRows(deps)).find((t) => t.name === 'ult')).toMatchObject({
      usage_month: '2027-01',
      credits: 100,
      credit_used: 0,
    })
  })

  test('inside the month a team is already in, nothing changes', async () => {
    const { deps } = await november()
    const before = await teamRows(deps)
    expect(await runHousekeeping(deps)).toMatchObject({ outcome: 'completed', month: '2026-11', teamsRolledOver: 0 })
    expect(await teamRows(deps)).toEqual(before)
  })
})

describe('monthly housekeeping: pruning', () => {
  const NOW = '2026-11-15T12:00:00.000Z'
  const nowMs = Date.parse(NOW)
  const daysAgo = (d: number) => new Date(nowMs - d * 86_400_000).toISOString()

  async function world() {
    const { deps, clock } = await testDeps({ now: NOW })
    const a = (await seedTeam(deps, { name: 'a' })).team.id
    const b = (await seedTeam(deps, { name: 'b' })).team.id
    await addKeywords(deps, { teamId: a, keywords: ['CRM', 'Ärzte'] })
    await addKeywords(deps, { teamId: b, keywords: ['erp'] })
    const pending = [
      [a, 'hackernews:1', 'crm'], // tracked as "CRM": the same keyword in another spelling
      [a, 'hackernews:2', 'Ärzte'],
      [a, 'hackernews:3', 'invoicing'], // a stopped tracking it
      [b, 'hackernews:1', 'crm'], // b never tracked it (or no longer does)
      [b, 'reddit:9', 'erp'],
    ]
    for (const [teamId, postId, keyword] of pending) {
      await deps.database.client.execute({
        sql: `insert into pending_mentions (team_id, platform, post_id, keyword, mention, fetched_at) values (?, ?, ?, ?, '{}', ?)`,
        args: [teamId, postId.split(':')[0], postId, keyword, NOW],
      })
    }
    for (const [platform, keywordLc] of [
      ['hackernews', 'crm'],
      ['reddit', 'ärzte'],
      ['hackernews', 'invoicing'],
      ['reddit', 'erp'],
      ['reddit', 'gone'],
    ]) {
      await deps.database.client.execute({
        sql: `insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values (?, ?, null, '[]', ?)`,
        args: [platform, keywordLc, NOW],
      })
    }
    const leases = deps.repos.jobLeases
    // Expiries are the database's time (a lease's length from its present): negative for one that expired already.
    await leases.acquire('expired', 'h:1:a', -1000)
    await leases.acquire('expires-now', 'h:1:b', 0)
    await leases.acquire('live', 'h:1:c', 60_000)
    await deps.repos.scoreCache.put('old', { score: 1 }, daysAgo(SCORE_CACHE_MAX_AGE_DAYS + 1))
    await deps.repos.scoreCache.put('at-limit', { score: 1 }, daysAgo(SCORE_CACHE_MAX_AGE_DAYS))
    await deps.repos.scoreCache.put('recent', { score: 1 }, daysAgo(10))
    const { endpoint } = await createEndpoint(deps, { teamId: a, input: endpointInput('https://93.184.215.14/hook') })
    for (const [id, status, at] of [
      ['old-done', 'succeeded', daysAgo(DELIVERY_LOG_DAYS + 1)],
      ['old-pending', 'pending', daysAgo(DELIVERY_LOG_DAYS + 1)],
      ['recent-failed', 'failed', daysAgo(DELIVERY_LOG_DAYS - 1)],
    ]) {
      await deps.database.client.execute({
        sql: `insert into webhook_deliveries (id, endpoint_id, event, status, attempts, next_attempt_at, created_at, last_attempt_at)
          values (?, ?, 'signal.created', ?, 1, 0, ?, ?)`,
        args: [id, endpoint.id, status, at, at],
      })
    }
    return { deps, clock, a, b }
  }

  const state = async (deps: Deps) => ({
    pending: await rows(deps, 'select team_id, post_id, keyword from pending_mentions order by team_id, post_id'),
    cursors: await rows(deps, 'select platform, keyword_lc from poll_cursors order by platform, keyword_lc'),
    leases: (await rows(deps, 'select name from job_leases order by name')).map((r) => r.name),
    cache: (await rows(deps, 'select key from score_cache order by key')).map((r) => r.key),
    deliveries: (await rows(deps, 'select id from webhook_deliveries order by id')).map((r) => r.id),
  })

  test('removes exactly what nothing needs any more, and a second run removes nothing', async () => {
    const { deps, a, b } = await world()

    const summary = await runHousekeeping(deps)

    expect(summary.pruned).toEqual({
      pendingMentions: 2,
      pollCursors: 2,
      jobLeases: 2,
      scoreCache: 1,
      webhookDeliveries: 1,
      destinationWindows: 0,
      earlierPosts: 0,
    })
    const after = await state(deps)
    expect(after).toEqual({
      pending: [
        { team_id: a, post_id: 'hackernews:1', keyword: 'crm' },
        { team_id: a, post_id: 'hackernews:2', keyword: 'Ärzte' },
        { team_id: b, post_id: 'reddit:9', keyword: 'erp' },
        // In the query's (binary) order.
      ].sort((x, y) => (`${x.team_id} ${x.post_id}` < `${y.team_id} ${y.post_id}` ? -1 : 1)),
      cursors: [
        { platform: 'hackernews', keyword_lc: 'crm' },
        { platform: 'reddit', keyword_lc: 'erp' },
        { platform: 'reddit', keyword_lc: 'ärzte' },
      ],
      // The housekeeping lease itself is released when the run ends.
      leases: ['live'],
      cache: ['at-limit', 'recent'],
      deliveries: ['old-pending', 'recent-failed'],
    })

    const again = await runHousekeeping(deps)
    // The same counts as the first run's, every one of them 0.
    expect(Object.keys(again.pruned)).toEqual(Object.keys(summary.pruned))
    expect(Object.values(again.pruned).filter((n) => n !== 0)).toEqual([])
    expect(await state(deps)).toEqual(after)
  })

  test('stored model answers are dropped in batches until none older than the limit is left', async () => {
    const { deps } = await testDeps({ now: NOW })
    await deps.database.client.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < 12000)
        insert into score_cache (key, result, created_at) select 'k' || i, '{}', ? from n`,
      args: [daysAgo(200)],
    })
    await deps.repos.scoreCache.put('recent', { score: 1 }, daysAgo(1))
    expect((await runHousekeeping(deps)).pruned.scoreCache).toBe(12000)
    expect((await rows(deps, 'select key from score_cache')).map((r) => r.key)).toEqual(['recent'])
  })

  test('scheduled runs housekeep once a month, whichever process on the database completed it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-housekeeping-'))
    const { deps, clock } = await november(await lastingTestDatabase(`file:${join(dir, 'h.db')}`))
    // A second process on the same database: its own connection and repos.
    const other = await buildDeps(deps.config, { log: silentLogger, clock })
    expect((await runHousekeeping(deps, { oncePerMonth: true })).outcome).toBe('completed')
    await deps.database.client.execute("update teams set credits = 1 where name = 'ult'")
    expect(await runHousekeeping(other, { oncePerMonth: true })).toMatchObject({
      outcome: 'done_already',
      teamsRolledOver: 0,
    })
    clock.set('2026-12-01T00:05:00.000Z')
    expect(await runHousekeeping(other, { oncePerMonth: true })).toMatchObject({
      outcome: 'completed',
      month: '2026-12',
    })
    expect(await rows(deps, "select credits from teams where name = 'ult'")).toEqual([{ credits: 100 }])
    other.database.client.close()
    deps.database.client.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('while another process holds the housekeeping lease it is skipped and changes nothing', async () => {
    const { deps } = await world()
    await deps.repos.jobLeases.acquire(HOUSEKEEPING_LEASE, 'elsewhere:1:abc', 60_000)
    const before = await state(deps)
    expect((await runHousekeeping(deps)).outcome).toBe('skipped')
    expect(await state(deps)).toEqual(before)
  })

  test('asked to stop, it ends between steps and leaves its lease free', async () => {
    const { deps } = await world()
    const before = await state(deps)
    const stop = new AbortController()
    stop.abort()
    expect((await runHousekeeping(deps, { signal: stop.signal })).outcome).toBe('stopped')
    expect(await state(deps)).toEqual(before)
    expect(await rows(deps, 'select name from job_leases where name = ?', [HOUSEKEEPING_LEASE])).toEqual([])
  })
})
