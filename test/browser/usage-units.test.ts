// The Usage page's figures say what they count (docs/console.md#usage): a team with 5,000 signals read "Limit 2,500"
// as a limit on signals. The real app, a database file and Chromium.
import { describe, expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// The scale plan: 2,500 counted API calls a month (docs/api.md#plans).
const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', plan: 'scale' })

describe('the Usage page', () => {
  atBothSizes(made, 'used, limit and remaining are counted in API calls', async (page) => {
    await navigateTo(page, 'Usage')
    const fact = (name: string) => page.locator(`dt:text-is("${name}") + dd`)
    await fact('Limit').waitFor()
    expect(await fact('Used this month').textContent()).toBe('0 API calls')
    expect(await fact('Limit').textContent()).toBe('2,500 API calls a month')
    expect(await fact('Remaining').textContent()).toBe('2,500 API calls')
  })
})
