// The Signals page's page number kept in its address with its filters (docs/console.md#addresses): Back from another
// page and a link a colleague opens show the same page of the list, with the real app, a database file and Chromium.
import { describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { expectHash, filterAndTurn } from '../support/address'
import { navigateTo } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

// 65 signals: 20 ACTIVE, 45 MENTION (crm-signals.ts), so MENTION has three pages of 20.
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, crmSignals(teamId, 65)),
})

const count = (page: Page, text: string) => page.locator('.count', { hasText: text }).waitFor()

describe('the Signals page in its address', () => {
  atBothSizes(
    made,
    'the second page of a filtered list survives Back from another page and a shared link',
    async (page) => {
      await count(page, 'Signals 1–20 of 65')
      const counts: [string, string] = ['Signals 1–20 of 45', 'Signals 21–40 of 45']
      await filterAndTurn(page, ['Intent', 'MENTION'], (text) => count(page, text), counts)
      const address = await expectHash(page, '#/signals?intent=MENTION&offset=20')
      await navigateTo(page, 'Keywords')
      await page.getByRole('heading', { name: 'Keywords' }).waitFor()
      await page.goBack()
      await count(page, 'Signals 21–40 of 45')
      expect(await page.getByLabel('Intent').inputValue()).toBe('MENTION')
      // A new filter starts the list again, and the address says so.
      await page.getByLabel('Keyword').selectOption('crm')
      await count(page, 'Signals 1–20 of 45')
      await expectHash(page, '#/signals?keyword=crm&intent=MENTION')
      const other = await page.context().newPage()
      try {
        await other.goto(address)
        await count(other, 'Signals 21–40 of 45')
      } finally {
        await other.close()
      }
    },
  )
})
