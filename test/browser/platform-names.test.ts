// Wherever a person reads a platform in the console (docs/console.md), it is the platform's own name ("Hacker News",
// "dev.to"), not the server's id ("hackernews", "devto"); the filters and the addresses keep the ids. In Chromium at a
// laptop's and a phone's width, with nothing to scroll sideways to.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { endpointInput, signalRow } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, webhooks: { allow_private_targets: true } },
    now: new Date().toISOString(),
  }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  await deps.repos.signals.insertMany(team.id, [
    signalRow(team.id, { author: 'hn_ann', platform: 'hackernews', score: 9, publishedAt: hoursAgo(2) }),
    signalRow(team.id, { author: 'dev_bob', platform: 'devto', score: 7, publishedAt: hoursAgo(3) }),
  ])
  // Never sent to: the test only reads the destination's line on the Destinations page.
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput('http://127.0.0.1:9/leads', { platforms: ['hackernews', 'devto'] }),
  })
  // The server's own words name the platform by its id, as its log and the command line do.
  await deps.repos.platformHealth.recordFailure(
    'hackernews',
    hoursAgo(1),
    'hackernews could not be reached (getaddrinfo ENOTFOUND hn.algolia.com)',
  )
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  describe(`platform names at ${viewport.width}×${viewport.height}`, () => {
    test('signal cards, the platform filter, Sources, People, a person and Destinations name platforms as people do', async () => {
      const view = await openPage(browser, app?.origin as string, { viewport })
      const { page } = view
      try {
        await signIn(view, 'ann@acme.test', PASSWORD, '/#/signals')
        const hn = page.locator('.signal', { hasText: 'hn_ann' })
        await hn.waitFor()
        expect(await hn.locator('.meta').nth(1).textContent()).toContain('Hacker News')
        expect(await hn.locator('.meta').nth(1).textContent()).not.toContain('hackernews')
        expect(await page.locator('.signal', { hasText: 'dev_bob' }).locator('.meta').nth(1).textContent()).toContain(
          'dev.to',
        )
        // The filter shows the names and keeps the ids, in the request and the page's address.
        const platform = page.getByLabel('Platform')
        await platform.locator('option', { hasText: 'Hacker News' }).waitFor({ state: 'attached' })
        expect(await platform.locator('option').allTextContents()).not.toContain('hackernews')
        await platform.selectOption({ label: 'dev.to' })
        await page.locator('.signal', { hasText: 'hn_ann' }).waitFor({ state: 'detached' })
        expect(page.url()).toContain('platform=devto')
        expect(await fitsWidth(page)).toBe(true)

        await navigateTo(page, 'Sources')
        const inUse = page.getByRole('table', { name: 'Sources in use' })
        await inUse.locator('td[data-label="Platform"]', { hasText: 'Hacker News' }).waitFor()
        expect(await inUse.locator('td[data-label="Platform"]', { hasText: 'hackernews' }).count()).toBe(0)
        // A failure reads with the name the row starts with: "Hacker News … hackernews could not be reached" read as
        // two.
        expect(
          await inUse.locator('td[data-label="Last failure"]', { hasText: 'could not be reached' }).textContent(),
        ).toBe('1 h ago: Hacker News could not be reached (getaddrinfo ENOTFOUND hn.algolia.com)')
        const unset = page.getByRole('list', { name: 'Sources not set up' })
        expect(await unset.locator('li strong', { hasText: 'X (Twitter)' }).count()).toBe(1)
        expect(await fitsWidth(page)).toBe(true)

        await navigateTo(page, 'People')
        const ann = page.locator('.person', { hasText: 'hn_ann' })
        await ann.waitFor()
        expect(await ann.textContent()).toContain('Hacker News')
        expect(await ann.textContent()).not.toContain('hackernews')
        expect(await fitsWidth(page)).toBe(true)
        await ann.getByRole('link', { name: 'hn_ann' }).click()
        await page.getByRole('heading', { name: 'Accounts' }).waitFor()
        const main = (await page.locator('main').textContent()) ?? ''
        expect(main).toContain('Hacker News')
        expect(main).not.toContain('hackernews')
        expect(await fitsWidth(page)).toBe(true)

        await navigateTo(page, 'Destinations')
        const filters = page.getByText(/platforms Hacker News, dev\.to/)
        await filters.waitFor()
        expect(await fitsWidth(page)).toBe(true)
      } finally {
        await view.close()
      }
    })
  })
}
