// docs/api.md#export: signals stored while an export runs are in it (they come last); none appears twice and none
// that was there at the start, and still is, is missed. Here signals are stored and deleted between every two pages.
import { describe, expect, test } from 'bun:test'
import { createSignalExportsRepo } from '../../../../src/storage/repos/signals/export'
import type { NewSignal } from '../../../../src/storage/repos/signals'
import { seedTeam, testDeps } from '../../../support/deps'

const signal = (teamId: string, n: number): NewSignal => ({
  id: `sig_w${String(n).padStart(3, '0')}`,
  teamId,
  platform: 'reddit',
  postId: `reddit:w${n}`,
  author: `author-${n % 4}`,
  intent: 'ACTIVE',
  score: 5 + (n % 5),
  reason: 'fits',
  icpMatch: null,
  preview: `post ${n}`,
  contentFull: `post ${n}`,
  url: `https://example.com/w/${n}`,
  keyword: 'crm',
  publishedAt: new Date(Date.UTC(2026, 9, 1, 0, n)).toISOString(),
  detectedAt: '2026-11-01T00:00:00.000Z',
})

describe('an export while signals come and go (docs/api.md#export)', () => {
  test('no signal twice, none kept throughout missed, every one stored meanwhile in it', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    let next = 0
    const store = (count: number) =>
      deps.repos.signals.insertMany(
        team.id,
        Array.from({ length: count }, () => signal(team.id, next++)),
      )
    const remove = (ids: string[]) =>
      deps.database.client.execute({
        sql: `delete from signals where id in (${ids.map(() => '?').join(',')})`,
        args: ids,
      })
    await store(40)
    const deleted = new Set<string>()
    const reader = createSignalExportsRepo(deps.database).open(team.id, {})
    const seen: string[] = []
    let after: { rowid: number } | undefined
    for (let round = 0; ; round++) {
      const page = await reader.page(after, 5)
      seen.push(...page.map((r) => r.id))
      if (page.length < 5) break
      after = { rowid: page[page.length - 1].rowid }
      // Between two pages: two signals stored, one not read yet deleted and one read already. The newest signal
      // is never the one deleted (a rowid SQLite would hand out again).
      await store(2)
      const gone = [`sig_w${String(round * 5 + 7).padStart(3, '0')}`, seen[seen.length - 3]]
      for (const id of gone) deleted.add(id)
      await remove(gone)
    }
    reader.close()
    expect(new Set(seen).size).toBe(seen.length)
    const all = Array.from({ length: next }, (_, n) => `sig_w${String(n).padStart(3, '0')}`)
    // Each signal is in the export unless it was deleted before the export reached it.
    const missed = all.filter((id) => !seen.includes(id) && !deleted.has(id))
    expect(missed).toEqual([])
    // In the order they were stored: the 40 there at its start first, then those stored during the export.
    expect(seen).toEqual(all.filter((id) => seen.includes(id)))
    expect(seen.filter((id) => Number(id.slice(5)) >= 40).length).toBeGreaterThan(20)
  })
})
