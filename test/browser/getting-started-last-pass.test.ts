// The first-pass step once a pass has searched the team's keywords (docs/console.md#getting-started), while no post
// has qualified yet: when, as the rest of the console says a time. It read "Your keywords were last searched
// 12/7/2026, 11:15:00 PM.", numbers and seconds, under "The next polling pass starts in 13 min, at 11:30 PM."
import { describe, expect } from 'bun:test'
import { fitsWidth } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'
import { addKeywords } from '../../src/domain/keywords/keywords'

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  plan: 'growth',
  // "crm" tracked 10 minutes ago; a pass searched it on Hacker News 5 minutes ago and kept nothing.
  async seed(deps, teamId) {
    made.clock.set(minutesAgo(10))
    await addKeywords(deps, { teamId, keywords: ['crm'] })
    made.clock.set(new Date())
    await deps.database.client.execute({
      sql: "insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values ('hackernews', 'crm', null, '[]', ?)",
      args: [minutesAgo(5)],
    })
  },
})

describe('getting started after a first pass', () => {
  atBothSizes(made, 'the first-pass step says how long ago, with the date and minute', async (page) => {
    const pass = page.locator('.checklist li', { hasText: 'A first polling pass' })
    await pass.waitFor()
    const text = (await pass.textContent()) ?? ''
    expect(text).toMatch(
      /Your keywords were last searched 5 min ago \([A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M [A-Z]+[+-\d:]*\)\./,
    )
    expect(text).not.toMatch(/\d:\d{2}:\d{2}/)
    expect(await fitsWidth(page)).toBe(true)
  })
})
