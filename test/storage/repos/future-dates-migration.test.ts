// docs/people.md#heat: a database that stored posts dated years ahead (before a post was dated when it was read) has
// them dated when they were read at its first start with this version, with its people's figures, the posts fetched
// but not scored yet, and the polling cursors that stood at such a date.
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { migrate } from '../../../src/storage/migrate'
import { asBeforeMigration } from '../../support/before-migration'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

const TAG = '0022_clamp_future_dates'

test(`${TAG} dates what was stored years ahead when it was read, and leaves the rest`, async () => {
  const { deps } = await testDeps({ now: '2026-11-15T12:00:00.000Z' })
  const { team } = await seedTeam(deps)
  // The cursors below are of a keyword the team tracks (a later migration drops a cursor no keyword has).
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  const client = deps.database.client
  // As the version before this one left it: at the migration before, with its rows.
  // Later migrations run after it, as they would at an upgrade from that version.

  const ahead = signalRow(team.id, {
    author: 'ann',
    publishedAt: '2062-11-15T11:00:00.000Z',
    detectedAt: '2026-11-15T11:59:00.000Z',
  })
  const earlier = signalRow(team.id, { author: 'ann', publishedAt: '2026-11-01T10:00:00.000Z' })
  // A platform's clock a few minutes ahead: kept.
  const skewed = signalRow(team.id, {
    author: 'bob',
    publishedAt: '2026-11-15T12:02:00.000Z',
    detectedAt: '2026-11-15T11:59:00.000Z',
  })
  // An import could date its detection ahead too.
  const imported = signalRow(team.id, {
    author: 'cy',
    publishedAt: '2061-01-01T00:00:00.000Z',
    detectedAt: '2061-01-02T00:00:00.000Z',
  })
  await deps.repos.signals.insertMany(team.id, [ahead, earlier, skewed, imported])
  await client.batch([
    {
      sql: `insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values
        ('hackernews', 'crm', '2062-11-15T11:00:00.000Z', '["x1"]', '2026-11-15T11:59:00.000Z'),
        ('reddit', 'crm', '2026-11-15T11:58:00.000Z', '["x2"]', '2026-11-15T11:59:00.000Z')`,
      args: [],
    },
    {
      sql: `insert into pending_mentions (team_id, platform, post_id, keyword, mention, fetched_at) values
        (?, 'hackernews', 'p1', 'crm', json_object('id', 'p1', 'date', '2062-01-01T00:00:00.000Z'), '2026-11-15T11:59:00.000Z'),
        (?, 'hackernews', 'p2', 'crm', json_object('id', 'p2', 'date', '2026-11-15T11:00:00.000Z'), '2026-11-15T11:59:00.000Z')`,
      args: [team.id, team.id],
    },
  ])
  const row = async (sql: string, ...args: string[]) => ({ ...(await client.execute({ sql, args })).rows[0] })
  const signal = (id: string) => row('select published_at, detected_at from signals where id = ?', id)
  const person = (author: string) => row('select first_seen, last_seen from people where author = ?', author)
  expect(await person('ann')).toMatchObject({ last_seen: ahead.publishedAt })

  // Written by this version's code, then made to look older: its code writes columns a later migration added.
  const from = await asBeforeMigration(client, TAG)
  const started = Date.now()
  expect(await migrate(client)).toEqual(migrations.slice(from).map((m) => m.tag))

  expect(await signal(ahead.id)).toMatchObject({ published_at: ahead.detectedAt, detected_at: ahead.detectedAt })
  expect(await signal(earlier.id)).toMatchObject({ published_at: earlier.publishedAt })
  expect(await signal(skewed.id)).toMatchObject({ published_at: skewed.publishedAt })
  expect(await person('ann')).toMatchObject({ first_seen: earlier.publishedAt, last_seen: ahead.detectedAt })
  expect(await person('bob')).toMatchObject({ first_seen: skewed.publishedAt, last_seen: skewed.publishedAt })
  // The imported one: detected at the migration, and published then too.
  const cy = await signal(imported.id)
  expect(Date.parse(String(cy.detected_at))).toBeGreaterThanOrEqual(started - 1000)
  expect(Date.parse(String(cy.detected_at))).toBeLessThanOrEqual(Date.now() + 1000)
  expect(String(cy.detected_at)).toBe(new Date(String(cy.detected_at)).toISOString())
  expect(cy.published_at).toBe(cy.detected_at)
  expect(await person('cy')).toMatchObject({ first_seen: cy.detected_at, last_seen: cy.detected_at })

  const cursors = await client.execute('select platform, newest_at, newest_ids from poll_cursors order by platform')
  expect(cursors.rows.map((r) => ({ ...r }))).toMatchObject([
    { platform: 'hackernews', newest_at: '2026-11-15T11:59:00.000Z', newest_ids: '[]' },
    { platform: 'reddit', newest_at: '2026-11-15T11:58:00.000Z', newest_ids: '["x2"]' },
  ])
  const pending = await client.execute(
    "select post_id, json_extract(mention, '$.date') as date from pending_mentions order by post_id",
  )
  expect(pending.rows.map((r) => ({ ...r }))).toMatchObject([
    { post_id: 'p1', date: '2026-11-15T11:59:00.000Z' },
    { post_id: 'p2', date: '2026-11-15T11:00:00.000Z' },
  ])
})
