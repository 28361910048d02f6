import { describe, expect, test } from 'bun:test'
import { sql } from 'drizzle-orm'
import { exportQuery } from '../../../../src/storage/repos/signals/export'
import { seedTeam, testDeps } from '../../../support/deps'
import { hostileSignals } from '../../../support/exports'

describe('export pages (docs/api.md#export)', () => {
  test('every filter walks the (team, platform, post id) index from the cursor, with no sort of the whole match', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    await deps.repos.signals.insertMany(team.id, hostileSignals(team.id))
    const filters = [
      {},
      { intent: 'ACTIVE' },
      { platform: 'reddit' },
      { keyword: 'CRM' },
      { minScore: 7, since: '2026-10-01T00:00:00.000Z' },
      { intent: 'ACTIVE', keyword: 'crm', platform: 'reddit', minScore: 6 },
    ]
    for (const filter of filters) {
      const query = exportQuery({
        teamId: team.id,
        filter,
        after: { platform: 'hackernews', postId: 'x' },
        limit: 1000,
      })
      const plan = (await deps.database.db.all<{ detail: string }>(sql`explain query plan ${query}`)).map(
        (r) => r.detail,
      )
      // A seek to the cursor: on (platform, post id) after it, or within one platform on the post id after it.
      expect(plan.join('\n')).toContain(
        filter.platform
          ? 'USING INDEX signals_team_post_idx (team_id=? AND platform=? AND post_id>?)'
          : 'USING INDEX signals_team_post_idx (team_id=? AND (platform,post_id)>(?,?))',
      )
      expect(plan.join('\n')).not.toContain('TEMP B-TREE')
    }
  })

  test('pages from a cursor neither skip nor repeat a row', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const rows = hostileSignals(team.id)
    await deps.repos.signals.insertMany(team.id, rows)
    for (const filter of [{}, { platform: 'reddit' }]) {
      const seen: string[] = []
      let after: { platform: string; postId: string } | undefined
      for (;;) {
        const page = await deps.repos.signals.exportPage(team.id, filter, { after, limit: 3 })
        if (page.length === 0) break
        seen.push(...page.map((r) => `${r.platform}/${r.postId}`))
        after = page[page.length - 1]
      }
      const want = rows.filter((r) => !('platform' in filter) || r.platform === filter.platform)
      expect(seen).toEqual(want.map((r) => `${r.platform}/${r.postId}`).sort())
    }
  })
})
