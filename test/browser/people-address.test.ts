// The People page's search, filters and page kept in its address (docs/console.md#people): Back from a person's page
// and a link a colleague opens show the same list, with the real app, a database file and Chromium.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { expectHash, filterAndTurn } from '../support/address'
import { navigateTo } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// 60 authors: 45 whose name has "lead" in it (three pages of 20), 15 others.
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: (deps, teamId) =>
    deps.repos.signals.insertMany(
      teamId,
      crmSignals(teamId, 60).map((s, i) => ({ ...s, author: i < 45 ? `lead${i}` : `other${i}` })),
    ),
})

const count = (page: Page, text: string) => page.locator('.pager span', { hasText: text }).waitFor()

describe('the People page in its address', () => {
  atBothSizes(made, 'a search, an intent and a page survive Back from a person and a shared link', async (page) => {
    await navigateTo(page, 'People')
    await count(page, '1–20 of 60')
    await page.getByLabel('Name').fill('lead')
    await page.getByRole('button', { name: 'Find' }).click()
    await count(page, '1–20 of 45')
    await filterAndTurn(page, ['Intent', 'MENTION'], (text) => count(page, text), ['1–20 of 25', '21–25 of 25'])
    const address = await expectHash(page, '#/people?name=lead&intent=MENTION&offset=20')
    await page.locator('ul.people a[href^="#/people/"]').first().click()
    await page.getByRole('heading', { name: 'Accounts' }).waitFor()
    await page.goBack()
    await count(page, '21–25 of 25')
    expect(await page.getByLabel('Name').inputValue()).toBe('lead')
    expect(await page.getByLabel('Intent').inputValue()).toBe('MENTION')
    // The same address in a new tab of the same browser: a colleague's link.
    const other = await page.context().newPage()
    try {
      await other.goto(address)
      await count(other, '21–25 of 25')
      expect(await other.getByLabel('Name').inputValue()).toBe('lead')
    } finally {
      await other.close()
    }
  })
})
