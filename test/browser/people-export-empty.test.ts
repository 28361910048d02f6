// docs/console.md#people: a team with nobody yet is not offered an export of nobody. Export CSV and Export JSON Lines
// appear with the first person, and "No people yet" says why they are not there before.
import { beforeAll, describe, expect } from 'bun:test'
import type { Page } from 'playwright-core'
import { navigateTo } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'
import { signalRow } from '../support/webhooks'

const con = oneTeamConsole({ team: 'fresh', owner: 'new@fresh.test' })
const exportLinks = (page: Page) => page.getByRole('link', { name: /^Export (CSV|JSON Lines)$/ })

atBothSizes(con, 'no Export link while the team has nobody, and the page says why', async (page) => {
  await navigateTo(page, 'People')
  const none = page.getByText(/^No people yet/)
  await none.waitFor()
  expect(await none.textContent()).toContain('nothing to export')
  expect(await exportLinks(page).count()).toBe(0)
})

describe('once the team has someone', () => {
  beforeAll(() =>
    con.deps.repos.signals.insertMany(con.teamId, [
      signalRow(con.teamId, { author: 'ann_ops', platform: 'reddit', score: 9, publishedAt: new Date().toISOString() }),
    ]),
  )
  atBothSizes(con, 'both Export links are there', async (page) => {
    await navigateTo(page, 'People')
    // The People list's own item: the Signals page, shown first after signing in, links ann_ops too, and a wait for
    // any such link could end before People was drawn, its Export links not there yet.
    await page.locator('ul.people').getByRole('link', { name: 'ann_ops' }).waitFor()
    expect(await exportLinks(page).allTextContents()).toEqual(['Export CSV', 'Export JSON Lines'])
  })
})
