// The console as a person sees it: the real app on a real socket and database file, Chromium, no other origin.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addIcp, removeIcp } from '../../src/domain/icps/icps'
import { issueApiKey, revokeApiKey } from '../../src/domain/keys/keys'
import { addKeywords, removeKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import type { NewSignal } from '../../src/storage/repos/signals'
import { createWorkspace, ok, type Workspace } from '../cli/run-cli'
import {
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  screenshot,
  type ServicePage,
  type SignedIn,
  signedInState,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { parseCsv } from '../support/exports'
import { storeSignals } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let origin: string
let ws: Workspace
let deps: Deps
let acmeKey: string
// Ann's cookies, signed in once through the form in beforeAll, for the tests that are not about signing in.
let ann: SignedIn
let acmeTeamId: string

const PASSWORD = 'correct horse battery'

function signalsOf(teamId: string, team: string, n: number): NewSignal[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `sig_${team}_${String(i).padStart(3, '0')}`,
    teamId,
    platform: i % 2 ? 'reddit' : 'hackernews',
    postId: `${team}-${i}`,
    author: `${team}_author${i}`,
    intent: i % 2 ? 'ACTIVE' : 'QUESTION',
    score: 10 - (i % 10),
    reason: `reason ${i} of ${team}`,
    icpMatch: null,
    preview: `${team} post ${i} preview`,
    contentFull: `${team} post ${i} preview, and the rest of the full text`,
    url: `https://example.com/${team}/${i}`,
    keyword: 'crm',
    publishedAt: new Date(Date.UTC(2026, 10, 1 + (i % 10))).toISOString(),
    detectedAt: '2026-11-12T00:00:00.000Z',
  }))
}

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const a = await seedTeam(deps, { name: 'acme' })
  acmeKey = a.apiKey
  acmeTeamId = a.team.id
  const b = await seedTeam(deps, { name: 'bravo' })
  await deps.repos.signals.insertMany(a.team.id, signalsOf(a.team.id, 'acme', 30))
  await deps.repos.signals.insertMany(b.team.id, signalsOf(b.team.id, 'bravo', 3))
  // Three counted calls today for acme, none for bravo: the Usage page draws one bar for acme.
  for (let i = 0; i < 3; i++) deps.repos.usageDays.add(a.team.id, new Date().toISOString().slice(0, 10))
  await deps.repos.usageDays.flush()
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  await createUser(deps, { team: 'bravo', email: 'bob@bravo.test', role: 'member', password: PASSWORD })
  app = listenForBrowser(deps)
  origin = app.origin
  browser = await launchBrowser()
  ann = await signedInState(browser, origin, 'ann@acme.test', PASSWORD)
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

/** The text of the first element the locator finds, once it is visible (Playwright waits for it). */
async function textOf(locator: ReturnType<ServicePage['page']['locator']>) {
  await locator.first().waitFor({ state: 'visible' })
  return ((await locator.first().textContent()) ?? '').trim()
}

/** Waits until the element shows exactly `text` (a page updates after its data arrives); fails after the timeout. */
const shows = (view: ServicePage, selector: string, text: string) =>
  view.page.locator(selector, { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor()

// Chromium logs every answer that is not 2xx; the console's own 401s (signed out, a wrong password) are expected.
const unexpected = (errors: string[]) => errors.filter((e) => !e.includes('status of 401'))

const usedThisMonth = async () =>
  ((await (await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': acmeKey } })).json()) as any).usage.used

const nav = (view: ServicePage, name: string) => navigateTo(view.page, name)

describe('the console in a browser', () => {
  test('a wrong password is refused with a message; the right one opens the Signals page', async () => {
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'ann@acme.test', 'not the password')
      expect(await textOf(view.page.getByRole('alert'))).toBe('the email or the password is wrong')
      await screenshot(view.page, 'console-sign-in')
      await view.page.getByLabel('Password').fill(PASSWORD)
      await view.page.getByRole('button', { name: 'Sign in' }).click()
      await view.page.getByText('Signals 1–20 of 30').waitFor()
      expect(await view.page.locator('.signal').count()).toBe(20)
      expect(view.foreignRequests).toEqual([])
      expect(unexpected(view.errors)).toEqual([])
    } finally {
      await view.close()
    }
  })

  test('every page shows its content; a key generated there works on the API until it is revoked', async () => {
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      // exact: the sign-in page's own heading, "lead-signals", would match too, before the sign-in has ended.
      await view.page.getByRole('heading', { name: 'Signals', exact: true }).waitFor()
      await shows(view, '.count', 'Signals 1–20 of 30')
      await screenshot(view.page, 'console-signals')

      // Filters narrow the list as the API does; opening a signal shows its full text.
      await view.page.getByLabel('Intent').selectOption('ACTIVE')
      await shows(view, '.count', 'Signals 1–15 of 15')
      await view.page.getByLabel('Minimum score').fill('9')
      await view.page.getByLabel('Minimum score').press('Tab')
      await shows(view, '.count', 'Signals 1–3 of 3')
      // Export CSV downloads what the filters show, every row with its full text, and is not counted.
      const usedBefore = await usedThisMonth()
      const [download] = await Promise.all([
        view.page.waitForEvent('download'),
        view.page.getByRole('link', { name: 'Export CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(/^signals-\d{4}-\d{2}-\d{2}\.csv$/)
      const [header, ...records] = parseCsv(readFileSync(await download.path(), 'utf8'))
      expect(header.slice(0, 6)).toEqual(['id', 'postId', 'platform', 'author', 'intent', 'score'])
      expect(records).toHaveLength(3)
      for (const r of records) {
        expect(r[4]).toBe('ACTIVE')
        expect(Number(r[5])).toBeGreaterThanOrEqual(9)
        expect(r[9]).toEndWith('and the rest of the full text')
      }
      expect(await usedThisMonth()).toBe(usedBefore)
      // A preview the full text goes on from ends with "…" (docs/console.md#the-signals-page).
      expect(await textOf(view.page.locator('.signal .text').first())).toMatch(/^acme post \d+ preview…$/)
      await view.page.locator('.signal').first().getByRole('button', { name: 'Full text' }).click()
      await view.page.locator('.signal .text', { hasText: 'and the rest of the full text' }).waitFor()
      expect(await view.page.locator('.signal a', { hasText: 'Open post' }).first().getAttribute('href')).toStartWith(
        'https://example.com/acme/',
      )

      await nav(view, 'Keywords')
      // A textbox: the Signals page's Keyword filter (a select) may still be shown while the Keywords page loads.
      await view.page.getByRole('textbox', { name: 'Keyword' }).fill('sales pipeline')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.getByText('sales pipeline', { exact: true }).waitFor()
      await screenshot(view.page, 'console-keywords')
      const listed = await ok(ws, ['keyword', 'list', '--team', 'acme', '--json'])
      expect(JSON.parse(listed)).toContain('sales pipeline')

      await nav(view, 'ICP profiles')
      await view.page.getByLabel('Name').fill('Ops leads')
      await view.page.getByLabel('Description').fill('Operations leads at logistics firms')
      await view.page.getByLabel('Competitors').fill('Acme CRM, Beta CRM')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.getByRole('heading', { name: 'Ops leads' }).waitFor()
      await view.page.getByRole('button', { name: 'Edit Ops leads' }).click()
      await view.page.getByLabel('Description').fill('Operations leads at freight firms')
      await view.page.getByRole('button', { name: 'Save' }).click()
      await view.page.getByText('Operations leads at freight firms').waitFor()
      await screenshot(view.page, 'console-icp-profiles')

      await nav(view, 'Usage')
      await view.page.getByRole('img', { name: 'Counted calls per day' }).waitFor()
      expect(await view.page.locator('.chart rect[height="120"]').count()).toBe(1) // today's 3 calls, the tallest bar
      expect(await textOf(view.page.locator('.facts dd').first())).toBe('growth')
      await screenshot(view.page, 'console-usage')

      await nav(view, 'Sources')
      // What the server can use is listed with how it went; the rest as the setting to add, once each.
      const inUse = view.page.getByRole('table', { name: 'Sources in use' })
      await inUse.locator('td[data-label="Platform"]', { hasText: 'Hacker News' }).waitFor()
      expect(await inUse.locator('td[data-label="Platform"]', { hasText: 'X (Twitter)' }).count()).toBe(0)
      const unset = view.page.getByRole('list', { name: 'Sources not set up' })
      expect(await textOf(unset.locator('li', { hasText: 'X (Twitter)' }))).toBe(
        'X (Twitter) set platforms.twitter.bearer_token',
      )
      expect(await unset.locator('li', { hasText: 'Hacker News' }).count()).toBe(0)
      // Bluesky's stream needs no account (its search does): it is in use, with what searching it would need.
      const bluesky = inUse.locator('tr', { hasText: 'Bluesky' })
      expect(await textOf(bluesky.locator('td[data-label="Reading"]'))).toMatch(
        /^stream; .*searching it needs platforms\.bluesky\.identifier, platforms\.bluesky\.app_password$/,
      )
      expect(await unset.locator('li', { hasText: 'Bluesky' }).count()).toBe(0)
      await screenshot(view.page, 'console-sources')

      await nav(view, 'Settings')
      await view.page.getByLabel('Key name').fill('from the console')
      await view.page.getByRole('button', { name: 'Generate API Key' }).click()
      const key = await view.page.getByLabel('New API key').inputValue()
      expect(key).toStartWith('lsk_')
      await view.page.getByRole('button', { name: 'Copy' }).waitFor()
      await view.page.locator('.rows li', { hasText: 'ann@acme.test' }).waitFor() // owners see the team's users
      // The command that adds one names this team, ready to copy.
      await view.page.getByText('lead-signals user create --team acme --email EMAIL', { exact: true }).waitFor()
      await screenshot(view.page, 'console-settings')
      const usage = await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': key } })
      expect(usage.status).toBe(200)
      expect(((await usage.json()) as { team: string }).team).toBe('acme')

      await view.page.getByRole('button', { name: `Revoke ${key.slice(0, 12)}` }).click()
      // Revoke asks first; only "Yes, revoke" acts.
      expect((await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': key } })).status).toBe(200)
      await view.page.getByRole('button', { name: 'Yes, revoke' }).click()
      await view.page.getByText(/^revoked /).waitFor()
      // The revoked key is no longer offered for copying (issue 33, defect 5).
      expect(await view.page.getByLabel('New API key').count()).toBe(0)
      expect((await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': key } })).status).toBe(401)

      await view.page.getByRole('button', { name: 'Sign out' }).click()
      await view.page.getByRole('button', { name: 'Sign in' }).waitFor()
      expect(view.foreignRequests).toEqual([])
      expect(unexpected(view.errors)).toEqual([])
    } finally {
      await view.close()
    }
  })

  test('Revoke asks with the keyboard too: focus moves to Cancel, Escape takes the question back to the button', async () => {
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      await nav(view, 'Settings')
      const revoke = view.page.getByRole('button', { name: `Revoke ${acmeKey.slice(0, 12)}` })
      await revoke.focus()
      await view.page.keyboard.press('Enter')
      // The button that had focus is gone: focus lands on the safe answer, not on the page's top (a second Enter
      // must not revoke).
      await view.page.getByRole('button', { name: 'Yes, revoke' }).waitFor()
      const focused = () => view.page.evaluate('document.activeElement?.textContent?.trim()')
      expect(await focused()).toBe('Cancel')
      await view.page.keyboard.press('Escape')
      await revoke.waitFor()
      expect(await view.page.getByRole('button', { name: 'Yes, revoke' }).count()).toBe(0)
      expect(await focused()).toBe('Revoke')
      expect((await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': acmeKey } })).status).toBe(200)
    } finally {
      await view.close()
    }
  })

  test('Next and Previous show the new page from its top, not the bottom of the old one', async () => {
    const view = await openPage(browser, origin, { viewport: { width: 390, height: 844 }, signedIn: ann })
    try {
      await view.goto('/')
      await shows(view, '.count', 'Signals 1–20 of 30')
      // The pager sits below 20 cards; on a phone the next page opened at its 10th card, its start out of sight.
      await view.page.getByRole('button', { name: 'Next' }).click()
      await shows(view, '.count', 'Signals 21–30 of 30')
      const box = await view.page.locator('.count').boundingBox()
      expect(box !== null && box.y >= 0 && box.y < 844).toBe(true)
      await view.page.getByRole('button', { name: 'Previous' }).click()
      await shows(view, '.count', 'Signals 1–20 of 30')
      const back = await view.page.locator('.count').boundingBox()
      expect(back !== null && back.y >= 0 && back.y < 844).toBe(true)
    } finally {
      await view.close()
    }
  })

  test('a session that ends while the console is open asks to sign in again, then shows the page asked for', async () => {
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await view.page.getByText('Signals 1–20 of 30').waitFor()
      // Signed out in another tab (or the 7 days are over, or the operator changed the password).
      const other = await view.context.newPage()
      await other.goto(origin)
      expect(await other.evaluate(`fetch('/console/api/session', { method: 'DELETE' }).then((r) => r.status)`)).toBe(
        200,
      )
      await other.close()
      // Before, each page read nothing and looked empty: no people, keywords or profiles, "No destinations yet",
      // Usage loading for ever.
      await nav(view, 'People')
      await view.page.getByLabel('Password').waitFor()
      expect(await textOf(view.page.getByRole('status'))).toBe('Your session has ended: sign in again to go on.')
      expect(view.page.url()).toEndWith('#/people')
      await view.page.getByLabel('Email').fill('ann@acme.test')
      await view.page.getByLabel('Password').fill(PASSWORD)
      await view.page.getByRole('button', { name: 'Sign in' }).click()
      await view.page.getByRole('heading', { name: 'People' }).waitFor()
      await view.page.locator('.person', { hasText: 'acme_author0' }).waitFor()
    } finally {
      await view.close()
    }
  })

  test('Revoke of a key revoked elsewhere says so and shows it revoked; the next success clears the message', async () => {
    const { prefix } = await issueApiKey(deps, { teamId: acmeTeamId, label: 'stale key' })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/#/settings')
      const row = view.page.getByRole('row', { name: /stale key/ })
      await row.getByRole('button', { name: `Revoke ${prefix}` }).waitFor()
      // Revoked from the command line (or another tab) while the page was open.
      await revokeApiKey(deps, { teamId: acmeTeamId, key: prefix })
      await row.getByRole('button', { name: `Revoke ${prefix}` }).click()
      await row.getByRole('button', { name: 'Yes, revoke' }).click()
      expect(await textOf(view.page.getByRole('alert'))).toContain('no active key')
      // The row said "Revoke" still, for a key that was revoked: the list is read again.
      await row.getByText(/^revoked/).waitFor()
      await view.page.getByRole('button', { name: 'Generate API Key' }).click()
      await view.page.getByRole('textbox', { name: 'New API key' }).waitFor()
      // The refusal stayed beside the key just made, as if that had failed.
      expect(await view.page.getByRole('alert').count()).toBe(0)
    } finally {
      await view.close()
    }
  })

  test('Remove of a keyword or profile removed elsewhere says so and drops its row; Save of one re-offers it as new', async () => {
    await addKeywords(deps, { teamId: acmeTeamId, keywords: ['stale keyword'] })
    await addIcp(deps, { teamId: acmeTeamId, name: 'Stale profile', description: 'gone soon' })
    await addIcp(deps, { teamId: acmeTeamId, name: 'Edited elsewhere', description: 'gone while edited' })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/#/keywords')
      const row = view.page.getByRole('row', { name: /stale keyword/ })
      await row.getByRole('button', { name: 'Remove stale keyword' }).waitFor()
      // Removed from the command line (or another tab) while the page was open.
      await removeKeywords(deps, { teamId: acmeTeamId, keywords: ['stale keyword'] })
      await row.getByRole('button', { name: 'Remove stale keyword' }).click()
      await row.getByRole('button', { name: 'Yes, remove' }).click()
      expect(await textOf(view.page.getByRole('alert'))).toContain('not tracked by this team')
      // The row stayed, offering Remove again to fail the same way: the list is read again.
      await row.waitFor({ state: 'detached', timeout: 5000 })

      await nav(view, 'ICP profiles')
      const card = view.page.getByRole('listitem').filter({ hasText: 'Stale profile' })
      await card.getByRole('button', { name: 'Remove Stale profile' }).waitFor()
      await removeIcp(deps, { teamId: acmeTeamId, name: 'Stale profile' })
      await card.getByRole('button', { name: 'Remove Stale profile' }).click()
      await card.getByRole('button', { name: 'Yes, remove' }).click()
      expect(await textOf(view.page.getByRole('alert'))).toContain('no ICP profile named "Stale profile"')
      await card.waitFor({ state: 'detached', timeout: 5000 })

      // Save of a profile removed while it was being edited: refused, and the form offers to add it again as it is.
      await view.page.getByRole('button', { name: 'Edit Edited elsewhere' }).click()
      await view.page.getByLabel('Description').fill('rewritten')
      await removeIcp(deps, { teamId: acmeTeamId, name: 'Edited elsewhere' })
      await view.page.getByRole('button', { name: 'Save' }).click()
      // The alert already shows the refused Remove's message: wait for the Save's to take its place.
      const refused = view.page.getByRole('alert').filter({ hasText: 'no ICP profile named "Edited elsewhere"' })
      await refused.waitFor({ timeout: 5000 })
      expect(await textOf(refused)).toContain('no ICP profile named "Edited elsewhere"')
      await view.page.getByRole('heading', { name: 'New profile' }).waitFor({ timeout: 5000 })
      expect(await view.page.getByLabel('Name').inputValue()).toBe('Edited elsewhere')
      expect(await view.page.getByLabel('Description').inputValue()).toBe('rewritten')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.getByRole('listitem').filter({ hasText: 'rewritten' }).waitFor()
      expect(await view.page.getByRole('alert').count()).toBe(0)
      await removeIcp(deps, { teamId: acmeTeamId, name: 'Edited elsewhere' })
    } finally {
      await view.close()
    }
  })

  test('a reason and a profile description in a right-to-left language read right to left', async () => {
    // The scorer writes its reason in the post's language; a team writes its profiles in its own.
    const arabic = 'يبحث عن نظام لإدارة علاقات العملاء لفريق المبيعات'
    const [signal] = signalsOf(acmeTeamId, 'rtl', 1)
    await deps.repos.signals.insertMany(acmeTeamId, [
      { ...signal, reason: arabic, detectedAt: new Date().toISOString(), publishedAt: new Date().toISOString() },
    ])
    await addIcp(deps, { teamId: acmeTeamId, name: 'Hebrew profile', description: 'מנהלי מכירות בחברות בינוניות' })
    const view = await openPage(browser, origin, { viewport: { width: 390, height: 844 }, signedIn: ann })
    try {
      await view.goto('/')
      const reason = view.page.locator('.signal .reason', { hasText: arabic })
      await reason.waitFor()
      const direction = (e: { matches(selector: string): boolean }) => (e.matches(':dir(rtl)') ? 'rtl' : 'ltr')
      // It took the page's direction: aligned to the left, and punctuation at its end drawn at its start.
      expect(await reason.evaluate(direction)).toBe('rtl')
      await nav(view, 'ICP profiles')
      const description = view.page.getByText('מנהלי מכירות בחברות בינוניות')
      await description.waitFor()
      expect(await description.evaluate(direction)).toBe('rtl')
      await screenshot(view.page, 'console-icps-rtl-phone')
    } finally {
      await view.close()
      await removeIcp(deps, { teamId: acmeTeamId, name: 'Hebrew profile' })
    }
  })

  // docs/console.md#the-signals-page: the author links to the profile address the platform gave for them, kept on the
  // person (docs/people.md), where the address cannot be told from the name: a Stack Overflow question's owner.link
  // (Stack Exchange API 2.3's shallow_user, as test/platforms/stackoverflow.test.ts reads it). The card built links
  // from names only, so a Stack Overflow author was plain text. An address that is not http(s) is the platform's text,
  // never a link.
  test('an author links to the kept profile address, else to the one the name gives, never to a non-web one', async () => {
    const now = new Date().toISOString()
    const [so, masto, hn] = signalsOf(acmeTeamId, 'profile', 3).map((s) => ({ ...s, score: 10, publishedAt: now }))
    // Stored as a polling pass stores them, with the profile address each platform gave.
    await storeSignals(deps, [
      { ...so, platform: 'stackoverflow', author: 'José & Co', profileUrl: 'https://stackoverflow.com/users/123/jose' },
      { ...masto, platform: 'mastodon', author: 'eve', profileUrl: 'javascript:alert(1)' },
      { ...hn, platform: 'hackernews', author: 'hn_ann' },
    ])
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      const meta = (name: string) => view.page.locator('.signal', { hasText: name }).locator('.meta').nth(1)
      // Read at once, without waiting for a link that is not there.
      const links = (name: string) =>
        meta(name)
          .locator('a')
          .evaluateAll((as) => as.map((a) => a.getAttribute('href')))
      await meta('José & Co').waitFor()
      expect(await links('José & Co')).toEqual(['https://stackoverflow.com/users/123/jose'])
      expect(await links('hn_ann')).toEqual(['https://news.ycombinator.com/user?id=hn_ann'])
      expect(await links('eve')).toEqual([])
      expect(await meta('eve').textContent()).toContain('eve')
    } finally {
      await view.close()
    }
  })

  test('a minimum score the list refuses leaves no list of other filters on the page', async () => {
    const view = await openPage(browser, origin, { viewport: { width: 390, height: 844 }, signedIn: ann })
    try {
      await view.goto('/')
      await view.page.locator('.signal').first().waitFor()
      await view.page.getByLabel('Minimum score').fill('11')
      expect(await textOf(view.page.getByRole('alert'))).toContain('from 0 to 10')
      // The cards and "Signals 1–20 of …" stayed, read without that filter, as if they were scored 11 and over.
      expect(await view.page.locator('.signal').count()).toBe(0)
      expect(await view.page.getByText(/^Signals \d/).count()).toBe(0)
      await view.page.getByLabel('Minimum score').fill('9')
      await view.page.locator('.signal').first().waitFor()
      expect(await view.page.getByRole('alert').count()).toBe(0)
    } finally {
      await view.close()
    }
  })

  test('a member of another team sees only that team, and no users list', async () => {
    const view = await openPage(browser, origin, { viewport: { width: 390, height: 844 } })
    try {
      await signIn(view, 'bob@bravo.test', PASSWORD)
      await shows(view, '.count', 'Signals 1–3 of 3')
      expect(await view.page.getByText('acme post').count()).toBe(0)
      await screenshot(view.page, 'console-signals-phone')
      await nav(view, 'Settings')
      await view.page.getByRole('button', { name: 'Generate API Key' }).waitFor()
      expect(await view.page.getByRole('heading', { name: 'Users' }).count()).toBe(0)
      await nav(view, 'Usage')
      await view.page.getByText('No counted calls yet this month.').waitFor()
      // Asking the console's routes for team A's signal directly finds nothing.
      const answer = await view.page.evaluate(async () => (await fetch('/console/api/signals/sig_acme_000')).status)
      expect(answer).toBe(404)
      expect(view.foreignRequests).toEqual([])
    } finally {
      await view.close()
    }
  })
})
