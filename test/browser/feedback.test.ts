// Verdicts in the console (docs/api.md#feedback): 👍 / 👎 on the Signals page, and the figures on the Keywords page,
// with the real app on a real socket and database file, in Chromium.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { rateSignal } from '../../src/domain/feedback/rate'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  screenshot,
  type ServicePage,
  signIn,
  stopConsole,
} from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let origin: string
let ws: Workspace
let deps: Deps
let teamId: string
let apiKey: string

const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const made = await seedTeam(deps, { name: 'acme' })
  teamId = made.team.id
  apiKey = made.apiKey
  await addKeywords(deps, { teamId, keywords: ['crm'] })
  await deps.repos.signals.insertMany(teamId, crmSignals(teamId, 30))
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  origin = app.origin
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

const shows = (view: ServicePage, selector: string, text: string) =>
  view.page.locator(selector, { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor()

const apiTotal = async () =>
  ((await (await fetch(`${origin}/api/v1/signals`, { headers: { 'x-api-key': apiKey } })).json()) as { total: number })
    .total

describe('verdicts in the console', () => {
  test('👎 takes a signal out of the list, Show dismissed brings it back, 👍 restores it; the Keywords page counts them', async () => {
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await shows(view, '.count', 'Signals 1–20 of 30')

      const first = view.page.locator('.signal', { hasText: 'post number 0 about a crm' })
      await first.getByRole('button', { name: 'Not relevant' }).click()
      await shows(view, '.count', 'Signals 1–20 of 29')
      expect(await view.page.getByText('post number 0 about a crm').count()).toBe(0)
      // The API's default list agrees.
      expect(await apiTotal()).toBe(29)

      await view.page.getByLabel('Show dismissed').check()
      await shows(view, '.count', 'Signals 1–20 of 30')
      await first.waitFor()
      expect(await first.getAttribute('class')).toContain('dismissed')
      expect(await first.getByRole('button', { name: 'Not relevant' }).getAttribute('aria-pressed')).toBe('true')
      await screenshot(view.page, 'console-signals-feedback')

      await first.getByRole('button', { name: 'Relevant', exact: true }).click()
      await view.page.locator('.signal:not(.dismissed)', { hasText: 'post number 0 about a crm' }).waitFor()
      expect(await first.getByRole('button', { name: 'Relevant', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      )
      await view.page.getByLabel('Show dismissed').uncheck()
      await shows(view, '.count', 'Signals 1–20 of 30')
      expect(await apiTotal()).toBe(30)

      // A second verdict: one relevant, one not relevant on the Keywords page.
      await view.page
        .locator('.signal', { hasText: 'post number 1 about a crm' })
        .getByRole('button', { name: 'Not relevant' })
        .click()
      await shows(view, '.count', 'Signals 1–20 of 29')
      await navigateTo(view.page, 'Keywords')
      const row = view.page.locator('tbody tr', { hasText: 'crm' })
      await row.waitFor()
      // Below 20 verdicts the default stands, and the page says when the verdicts start to count.
      expect(await row.locator('td').allTextContents()).toEqual([
        'crm',
        '30',
        '1',
        '1',
        '50%',
        '6 (default until 20 verdicts: 2 so far)',
        'Remove',
      ])
      expect(await view.page.locator('.tuning').count()).toBe(0)
      await shows(view, '.count', 'Team: 30 signals, 1 relevant, 1 not relevant, precision 50%')

      // 19 more verdicts through the API's domain function: 21 in all, so the threshold is tuned and says so.
      for (let i = 2; i < 21; i++)
        await rateSignal(deps, teamId, {
          id: `sig_${String(i).padStart(3, '0')}`,
          verdict: i < 10 ? 'relevant' : 'not_relevant',
        })
      await view.page.reload()
      await navigateTo(view.page, 'Keywords')
      await row.waitFor()
      const cells = await row.locator('td').allTextContents()
      expect(cells.slice(0, 5)).toEqual(['crm', '30', '9', '12', '43%'])
      // Not relevant down to 7.6 and relevant from 8.92 up: the top of the range, 8, keeps out the most.
      expect(cells[5]).toBe('8 (tuned from 21 verdicts; default 6)')
      // What the figure means for the team, and what to do if it wants those posts back.
      expect(await view.page.locator('.tuning').textContent()).toBe(
        '“crm” finds fewer leads: its posts need a score of 8 to become signals, not 6, as most of its signals below ' +
          '8 were judged not relevant. To get them back, judge some of them relevant (Signals, Show dismissed).',
      )
      await screenshot(view.page, 'console-keywords-figures')

      // Nine more MENTION signals judged not relevant: ten in all, so that intent is turned off for "crm".
      for (let i = 21; i < 30; i++)
        await rateSignal(deps, teamId, { id: `sig_${String(i).padStart(3, '0')}`, verdict: 'not_relevant' })
      await view.page.reload()
      await navigateTo(view.page, 'Keywords')
      await row.waitFor()
      expect((await row.locator('td').allTextContents())[5]).toBe(
        '8 (tuned from 30 verdicts; default 6); MENTION turned off by verdicts',
      )
      expect(await view.page.locator('.tuning').textContent()).toBe(
        '“crm” finds fewer leads: its posts need a score of 8 to become signals, not 6, and its MENTION posts none at ' +
          'all, as most of its signals below 8 and nearly all of its MENTION signals were judged not relevant. To get ' +
          'them back, judge some of them relevant (Signals, Show dismissed).',
      )
      await screenshot(view.page, 'console-keywords-intent-off')
      await view.page.setViewportSize({ width: 390, height: 844 })
      await screenshot(view.page, 'console-keywords-intent-off-phone')
      expect(view.foreignRequests).toEqual([])
      // The only error Chromium logs is the console's session check before signing in (401).
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })
})
