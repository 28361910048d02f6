// The Sources page's "Not searched for you" (docs/console.md#sources): a platform the team has, that no keyword goes
// to because each is limited elsewhere (`platform:`, docs/queries.md#filters), is searched once a keyword's filter
// lets one reach it, which is what Getting started asks of a team whose keywords reach nothing. Its line gave only
// why it is not searched, so a team moved its keyword to a platform whose last try had failed without being told.
// A platform off the plan is never searched for the team, and its failures stay unsaid.
import { describe, expect } from 'bun:test'
import { fitsWidth, navigateTo } from '../support/browser'
import { atBothSizes, narrowPlan, oneTeamConsole } from '../support/one-team-console'

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString()

const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  plan: 'narrow',
  config: narrowPlan(['hackernews', 'github']),
  keywords: ['crm platform:hackernews'],
  seed: async (deps) => {
    await deps.repos.platformHealth.recordFailure('github', ago(120), 'github could not be reached')
    await deps.repos.platformHealth.recordFailure('devto', ago(120), 'devto could not be reached')
  },
})

describe('a failing platform no keyword reaches', () => {
  atBothSizes(made, 'its line says its last try failed, a platform off the plan does not', async (page) => {
    await navigateTo(page, 'Sources')
    const aside = page.getByRole('list', { name: 'Sources not searched for you' })
    const github = aside.locator('li', { hasText: 'GitHub' })
    await github.waitFor()
    expect(await github.textContent()).toContain('last try failed 2 min ago: GitHub could not be reached')
    expect(await aside.locator('li', { hasText: 'dev.to' }).textContent()).not.toContain('failed')
    expect(await fitsWidth(page)).toBe(true)
  })
})
