// The People page's count over a thousand people reads as the Signals page's does, with the thousands grouped
// (docs/console.md#people), with the real app, a database file and Chromium.
import { describe, expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// A month of a sales team's listening: 1,200 signals, each by an author of its own.
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, crmSignals(teamId, 1200)),
})

describe('the People count', () => {
  atBothSizes(made, 'reads "1–20 of 1,200" beside the pager, as Signals reads "of 1,200"', async (page) => {
    await page.locator('.count', { hasText: 'Signals 1–20 of 1,200' }).waitFor()
    await navigateTo(page, 'People')
    const pager = page.locator('.pager span')
    await page.locator('ul.people li').first().waitFor()
    expect(await pager.textContent()).toBe('1–20 of 1,200')
  })
})
