// The Sources page's "Next retry" once a refused search's retry time has passed and no search has succeeded since
// (polling off, or no keyword to search): nothing to wait for, so no time is shown (docs/api.md#source-health). It
// said "2 h ago", a retry that looked overdue.
import { describe, expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const HOURS = 3_600_000
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps) => {
    const at = (h: number) => new Date(deps.clock.now().getTime() - h * HOURS).toISOString()
    const error = 'hackernews is rate limited (429); retry after 3600 s'
    return deps.repos.platformHealth.recordFailure('hackernews', at(3), error, at(2))
  },
})

describe("a retry time that has passed, on the Sources page's Next retry", () => {
  atBothSizes(made, 'shows none, and the failure stays', async (page) => {
    await navigateTo(page, 'Sources')
    const inUse = page.getByRole('table', { name: 'Sources in use' })
    const row = inUse.locator('tr', { has: page.locator('td[data-label="Platform"]', { hasText: /^Hacker News$/ }) })
    await row.locator('td[data-label="Last failure"] time').waitFor()
    expect(await row.locator('td[data-label="Next retry"]').textContent()).toBe('—')
    expect(await row.locator('td[data-label="Last failure"]').textContent()).toContain('3 h ago')
  })
})
