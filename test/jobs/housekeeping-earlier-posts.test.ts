import { expect, test } from 'bun:test'
import { runHousekeeping } from '../../src/jobs/housekeeping'
import { seedTeam, testDeps } from '../support/deps'

const NOW = Date.parse('2026-11-15T12:00:00.000Z')
const daysAgo = (n: number) => new Date(NOW - n * 86_400_000).toISOString()

// docs/api.md#post-records: every post the earlier search route returns is remembered per team and network, 20 a
// search, and nothing removed them: a team using the route grew the table by every post it was ever shown, though a
// post never marked read nor noted holds nothing a later search would show (it reads as unread and without a note).
test('housekeeping forgets the earlier route posts seen long ago that hold nothing, and keeps read or noted ones', async () => {
  const { deps } = await testDeps({ now: new Date(NOW).toISOString() })
  const { team } = await seedTeam(deps)
  const rows: [string, number, string, string][] = [
    ['old-plain', 0, '', daysAgo(91)],
    ['old-read', 1, '', daysAgo(400)],
    ['old-noted', 0, 'call them', daysAgo(400)],
    ['recent-plain', 0, '', daysAgo(10)],
  ]
  for (const [postId, read, note, at] of rows)
    await deps.database.client.execute({
      sql: `insert into legacy_posts (team_id, network, post_id, keyword, read, note, first_seen_at)
        values (?, 'reddit', ?, 'crm', ?, ?, ?)`,
      args: [team.id, postId, read, note, at],
    })

  const summary = await runHousekeeping(deps)

  expect(summary.pruned.earlierPosts).toBe(1)
  const left = await deps.database.client.execute('select post_id from legacy_posts order by post_id')
  expect(left.rows.map((r) => r.post_id)).toEqual(['old-noted', 'old-read', 'recent-plain'])
})
