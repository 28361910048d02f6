// docs/queries.md#matching, #spaces: a database whose keywords were keyed by their lower case has them keyed as the
// code keys them now (OR, AND and NOT kept in capitals, runs of spaces one space) at its first start with this
// version: keywords, the polling cursors and the verdicts, with a team's two copies of one keyword made one.
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { pollTargets } from '../../../src/domain/polling/targets'
import { keywordKey } from '../../../src/query/same-query'
import { migrate } from '../../../src/storage/migrate'
import { asBeforeMigration } from '../../support/before-migration'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

const TAG = '0023_keyword_key'

test(`${TAG} keys keywords, cursors and verdicts as the code does, and merges a team's copies`, async () => {
  const { deps } = await testDeps({
    config: { plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } } },
  })
  const a = (await seedTeam(deps, { name: 'a', plan: 'poller' })).team.id
  const b = (await seedTeam(deps, { name: 'b', plan: 'poller' })).team.id
  const client = deps.database.client
  // As the version before this one left it: at the migration before, with its rows keyed by toLowerCase().
  // Later migrations run after it, as they would at an upgrade from that version.

  const tracked: [string, string, string, string][] = [
    ['kw_a1', a, 'crm not hubspot', '2026-10-01T00:00:00.000Z'],
    ['kw_a2', a, 'crm  erp', '2026-10-02T00:00:00.000Z'],
    ['kw_a3', a, 'crm erp', '2026-11-01T00:00:00.000Z'],
    ['kw_a4', a, 'Sales\tPipeline', '2026-10-01T00:00:00.000Z'],
    ['kw_a5', a, 'İstanbul OR Ankara', '2026-10-01T00:00:00.000Z'],
    // 'crm  or erp' is keyed 'crm or erp', the key 'crm OR erp' had until then.
    ['kw_a6', a, 'crm  or erp', '2026-10-01T00:00:00.000Z'],
    ['kw_a7', a, 'crm OR erp', '2026-10-01T00:00:00.000Z'],
    ['kw_b1', b, 'CRM NOT HubSpot', '2026-10-01T00:00:00.000Z'],
    ['kw_b2', b, 'crm erp', '2026-10-01T00:00:00.000Z'],
    ['kw_b3', b, '"Sales  OR Pipeline" OR "CRM"', '2026-10-01T00:00:00.000Z'],
  ]
  const verdicts = [
    signalRow(b, { keyword: 'CRM NOT HubSpot' }),
    signalRow(a, { keyword: 'crm  erp' }),
    signalRow(a, { keyword: 'crm erp' }),
  ]
  await deps.repos.signals.insertMany(a, verdicts.slice(1))
  await deps.repos.signals.insertMany(b, verdicts.slice(0, 1))
  await client.batch([
    ...tracked.map(([id, team, keyword, createdAt]) => ({
      sql: 'insert into keywords (id, team_id, keyword, keyword_lc, created_at) values (?, ?, ?, ?, ?)',
      args: [id, team, keyword, keyword.toLowerCase(), createdAt],
    })),
    {
      sql: `insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values
        ('hackernews', 'crm not hubspot', '2026-11-10T00:00:00.000Z', '["h1"]', '2026-11-15T00:00:00.000Z'),
        ('hackernews', 'crm  erp', '2026-11-01T00:00:00.000Z', '["e1"]', '2026-11-15T00:00:00.000Z'),
        ('hackernews', 'crm erp', '2026-11-05T00:00:00.000Z', '["e2"]', '2026-11-14T00:00:00.000Z'),
        ('hackernews', 'untracked', '2026-11-05T00:00:00.000Z', '["u1"]', '2026-11-14T00:00:00.000Z')`,
      args: [],
    },
    ...verdicts.map((s) => ({
      sql: `insert into signal_feedback (signal_id, team_id, keyword_lc, verdict, score, intent, judged_at)
        values (?, ?, ?, 'relevant', 8, 'ACTIVE', '2026-11-15T00:00:00.000Z')`,
      args: [s.id, s.teamId, s.keyword.toLowerCase()],
    })),
  ])

  // Written by this version's code, then made to look older: its code writes columns a later migration added.
  const from = await asBeforeMigration(client, TAG)
  expect(await migrate(client)).toEqual(migrations.slice(from).map((m) => m.tag))

  const rows = async (sql: string) => (await client.execute(sql)).rows.map((r) => ({ ...r }))
  const keywords = await rows('select id, keyword, keyword_lc from keywords order by id')
  // Team a's later copy of 'crm  erp' is merged into the earlier one, which keeps its spelling.
  expect(keywords.map((k) => k.id)).toEqual([
    'kw_a1',
    'kw_a2',
    'kw_a4',
    'kw_a5',
    'kw_a6',
    'kw_a7',
    'kw_b1',
    'kw_b2',
    'kw_b3',
  ])
  for (const k of keywords) expect(k.keyword_lc).toBe(keywordKey(String(k.keyword)))
  expect(keywords.map((k) => k.keyword_lc)).toEqual([
    'crm not hubspot',
    'crm erp',
    'sales pipeline',
    'i\u0307stanbul OR ankara',
    'crm or erp',
    'crm OR erp',
    'crm NOT hubspot',
    'crm erp',
    '"sales or pipeline" OR "crm"',
  ])
  // Both queries start where their shared search stood; one cursor of the merged key, the one that read further.
  expect(
    await rows('select platform, keyword_lc, newest_at, newest_ids from poll_cursors order by keyword_lc'),
  ).toMatchObject([
    {
      platform: 'hackernews',
      keyword_lc: 'crm NOT hubspot',
      newest_at: '2026-11-10T00:00:00.000Z',
      newest_ids: '["h1"]',
    },
    { platform: 'hackernews', keyword_lc: 'crm erp', newest_at: '2026-11-05T00:00:00.000Z', newest_ids: '["e2"]' },
    {
      platform: 'hackernews',
      keyword_lc: 'crm not hubspot',
      newest_at: '2026-11-10T00:00:00.000Z',
      newest_ids: '["h1"]',
    },
  ])
  const feedback = await rows('select signal_id, keyword_lc from signal_feedback')
  expect(Object.fromEntries(feedback.map((f) => [f.signal_id, f.keyword_lc]))).toEqual({
    [verdicts[0].id]: 'crm NOT hubspot',
    [verdicts[1].id]: 'crm erp',
    [verdicts[2].id]: 'crm erp',
  })
  // Nothing is left of the migration's own tables.
  expect(await rows("select name from sqlite_temp_master where name like '%0023%'")).toEqual([])

  // As the code reads them now: the two queries are two searches, and 'crm erp' is tracked already.
  const searched = (await pollTargets(deps)).map((t) => t.keywordLc).sort()
  expect(searched).toContain('crm NOT hubspot')
  expect(searched).toContain('crm not hubspot')
  expect(await addKeywords(deps, { teamId: a, keywords: ['crm erp'] })).toEqual({
    added: [],
    alreadyTracked: ['crm erp'],
  })
})
