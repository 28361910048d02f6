// Names the console shows as given, with no space to break them at: a user's address (up to 64 + 190 characters,
// src/domain/users/users.ts), a key's name (up to 100), a post's author (whatever the platform allowed). They wrap
// where they are shown, rather than pushing the page past a phone's width or a button off its screen. An OAuth app's
// long name on the consent page: consent-long-name.test.ts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { issueApiKey } from '../../src/domain/keys/keys'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  openPage,
  screenshot,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps

const PASSWORD = 'correct horse battery'
const PHONE = { width: 390, height: 844 }
// A real address can be this long with no hyphen or space in it.
const LONG_EMAIL = 'jonathanalexanderworthington.procurement@internationallogisticsholdings.example'
const LONG_AUTHOR = 'A'.repeat(300)
// "Zalgo" text piles dozens of combining marks on each letter; drawn above and below it, they covered the rows around
// a name in the People list and the lines around a post on the Signals page. The console keeps at most four on a
// letter, as the messages to people do (docs/console.md#people): writing needs few (two on a Vietnamese vowel).
const MARKS = Array.from({ length: 30 }, (_, i) => String.fromCodePoint(0x300 + i)).join('')
const zalgo = (word: string) => [...word].map((c) => c + MARKS).join('')
// Vietnamese keeps its two marks on a letter as typed (decomposed): "Nguyễn".
const KEPT = 'Nguye\u0302\u0303n'
/** The longest run of combining marks in `text`. */
const longestRun = (text: string) => Math.max(0, ...(text.match(/\p{M}+/gu) ?? []).map((m) => [...m].length))

beforeAll(async () => {
  ws = createWorkspace()
  // An SMTP server configured (never reached here): Settings offers to e-mail the user new leads, naming the address.
  const email = { host: '127.0.0.1', port: 9, security: 'none' as const, from: 'Lead Signals <leads@example.test>' }
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl }, email }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await issueApiKey(deps, { teamId: team.id, label: `crm-sync-${'k'.repeat(90)}` })
  const now = new Date().toISOString()
  await deps.repos.signals.insertMany(team.id, [
    signalRow(team.id, { author: LONG_AUTHOR, publishedAt: now, detectedAt: now }),
    // Below the long author's (score 8), which the Undo test takes as the first card.
    signalRow(team.id, { author: zalgo('zalgo'), preview: `${zalgo('need')} a CRM`, score: 6, publishedAt: now }),
    signalRow(team.id, { author: KEPT, score: 5, publishedAt: now, detectedAt: now }),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  await createUser(deps, { team: 'acme', email: LONG_EMAIL, role: 'member', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('long names', () => {
  test("Settings: a user's long address wraps in the list of users, beside the role", async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: PHONE })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/settings')
      const row = view.page.locator('.rows li', { hasText: LONG_EMAIL })
      await row.waitFor()
      expect(await fitsWidth(view.page)).toBe(true)
      const role = await row.getByText('member').boundingBox()
      expect((role?.x ?? 0) + (role?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
      await screenshot(view.page, 'long-names-settings-phone')
    } finally {
      await view.close()
    }
  })

  test('Settings: the offer to e-mail new leads, and then what it does, wrap a long address', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: PHONE })
    try {
      await signIn(view, LONG_EMAIL, PASSWORD, '/#/settings')
      await view.page.getByRole('button', { name: 'E-mail me new leads' }).waitFor()
      expect(await fitsWidth(view.page)).toBe(true)
      await view.page.getByRole('button', { name: 'E-mail me new leads' }).click()
      await view.page.getByText('New leads are e-mailed to').waitFor()
      expect(await fitsWidth(view.page)).toBe(true)
      await screenshot(view.page, 'long-names-email-me-phone')
    } finally {
      await view.close()
    }
  })

  test("1280 px: Settings keeps each key's prefix on one line beside a long key name", async () => {
    const view = await openPage(browser, app?.origin as string)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/settings')
      const prefixes = view.page.locator('td[data-label="Prefix"] code')
      await prefixes.first().waitFor()
      // Broken mid-token ("lsk_xdqexm5" over "y…") the prefix no longer reads as the key's start.
      for (const prefix of await prefixes.all())
        expect(await prefix.evaluate((e) => new Set([...e.getClientRects()].map((r) => r.top)).size)).toBe(1)
    } finally {
      await view.close()
    }
  })

  test("Signals: Undo names a long author's post cut short and wrapped, its button on screen", async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: PHONE })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await view.page.locator('.signal').first().getByRole('button', { name: 'Not relevant' }).click()
      const undo = view.page.getByRole('button', { name: 'Undo' })
      await undo.waitFor()
      expect(await fitsWidth(view.page)).toBe(true)
      const box = await undo.boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
      // As on the card: the first 100 characters, the whole name on hover.
      const name = view.page.locator('.notice.undo bdi')
      expect(await name.textContent()).toBe(`${'A'.repeat(100)}…`)
      expect(await name.getAttribute('title')).toBe(LONG_AUTHOR)
      await screenshot(view.page, 'long-names-undo-phone')
    } finally {
      await view.close()
    }
  })

  test('the Menu of someone with a long address: it wraps, and Sign out stays on screen', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: PHONE })
    try {
      await signIn(view, LONG_EMAIL, PASSWORD, '/#/keywords')
      await view.page.getByRole('button', { name: 'Menu' }).click()
      const signOut = view.page.getByRole('button', { name: 'Sign out' })
      await signOut.waitFor()
      expect(await fitsWidth(view.page)).toBe(true)
      const box = await signOut.boundingBox()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width)
      // The menu still opens below the bar, across the screen, rather than as a column squeezed beside Menu.
      const menu = await view.page.getByRole('button', { name: 'Menu' }).boundingBox()
      const first = await view.page.getByRole('navigation').getByRole('link', { name: 'Signals' }).boundingBox()
      expect(first?.y ?? 0).toBeGreaterThanOrEqual((menu?.y ?? 0) + (menu?.height ?? 0))
      expect(first?.x ?? PHONE.width).toBeLessThan(20)
      await screenshot(view.page, 'long-names-menu-phone')
    } finally {
      await view.close()
    }
  })

  test('People and Signals: a name or a post keeps four combining marks a letter; a Vietnamese name is whole', async () => {
    const view = await openPage(browser, app?.origin as string)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/people')
      const names = view.page.locator('.person bdi')
      await names.first().waitFor()
      const texts = await names.allTextContents()
      const piled = texts.find((t) => t.startsWith('z')) ?? ''
      expect(longestRun(piled)).toBe(4)
      expect(piled.replace(/\p{M}/gu, '')).toBe('zalgo')
      expect(texts).toContain(KEPT)
      await screenshot(view.page, 'long-names-stacked-marks-people')
      await view.goto('/#/signals')
      const post = view.page.locator('.signal .text', { hasText: 'a CRM' }).first()
      await post.waitFor()
      expect(longestRun((await post.textContent()) ?? '')).toBe(4)
    } finally {
      await view.close()
    }
  })
})
