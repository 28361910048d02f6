// docs/console.md#try-the-scorer: a team that no platform reaches scores a pasted post in the console, with the real
// app on a real socket and database file, in Chromium at 1280 and 390 px. The model server is an address where nothing
// listens (connection refused, as docs/scoring.md#fallback-and-timeouts describes an Ollama that is down), so every
// answer is the embedded scorer's in its place.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addIcp } from '../../src/domain/icps/icps'
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
import { navigateTo } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
const HOSTILE =
  '<img src=x onerror="document.title=1">Our sales team lives in spreadsheets. Looking for a CRM, budget approved.'

beforeAll(async () => {
  ws = createWorkspace()
  const plans = {
    starter: { api_access: false, monthly_requests: 0, platforms: [] },
    trial: { api_access: true, monthly_requests: 2, platforms: [] },
  }
  const scorer = { backend: 'ollama' as const, ollama: { host: 'http://127.0.0.1:9' } }
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, plans, scorer },
    now: new Date().toISOString(),
  }))
  await seedTeam(deps, { name: 'acme', plan: 'trial' })
  await seedTeam(deps, { name: 'solo', plan: 'starter' })
  const team = await deps.repos.teams.find('acme')
  await addIcp(deps, {
    teamId: team?.id as string,
    name: 'Small sales teams',
    description: 'Sales teams wanting a CRM',
  })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  await createUser(deps, { team: 'solo', email: 'sam@solo.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('Try the scorer', () => {
  test('1280 px: from Getting started, keyboard only, a hostile post read as text, a short one refused', async () => {
    if (!app) throw new Error('no app')
    const view = await openPage(browser, app.origin)
    const page = view.page
    const tries: string[] = []
    page.on(
      'request',
      (r) => r.method() === 'POST' && r.url().endsWith('/console/api/score') && tries.push(r.postData() ?? ''),
    )
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      // No platform on the plan: Getting started's first step is this page.
      const first = page.locator('.getting-started .first-step')
      await first.filter({ hasText: 'First step: paste a post' }).waitFor()
      await screenshot(page, 'try-scorer-getting-started')
      await first.getByRole('link', { name: 'Try the scorer' }).click()
      await page.getByRole('heading', { name: 'Try the scorer' }).waitFor()
      await page.getByText('Each try counts as 1 request').waitFor()
      await page.getByText('2 left this month').waitFor()
      await page.getByText('Matched against your ICP profiles: Small sales teams.').waitFor()
      const post = page.getByLabel('Post')
      await post.focus()
      await page.keyboard.type('Short one')
      // Enter in the text area is a new line, never a try.
      await page.keyboard.press('Enter')
      expect(await post.inputValue()).toBe('Short one\n')
      await page.keyboard.press('Tab')
      expect(await page.evaluate('document.activeElement?.getAttribute("placeholder")')).toBe('e.g. crm')
      await page.keyboard.press('Tab')
      expect(await page.evaluate('document.activeElement?.getAttribute("placeholder")')).toContain('What your team')
      await page.keyboard.press('Tab')
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Score this post')
      expect(tries).toEqual([])
      // Enter in a field tries; the 9 characters are refused under the text area, which takes the keyboard.
      await page.keyboard.press('Shift+Tab')
      await page.keyboard.press('Enter')
      const refused = page.locator('#content-refused')
      await refused.filter({ hasText: 'Post must be at least 10 characters' }).waitFor()
      expect(await post.getAttribute('aria-invalid')).toBe('true')
      expect(await page.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA')
      expect(tries).toHaveLength(1)
      // Over 20,000: the count turns red as it is typed, and the refusal is the contract's, under the field.
      await post.fill('a'.repeat(20_001))
      await page.locator('.try-scorer form > .error', { hasText: '20,001 of at most 20,000' }).waitFor()
      await page.getByRole('button', { name: 'Score this post' }).click()
      await refused.filter({ hasText: 'Post must be at most 20000 characters' }).waitFor()
      expect(tries).toHaveLength(2)
      await post.fill(HOSTILE)
      await page.getByLabel('Keyword (optional)').fill('crm')
      await page.getByLabel('Keyword (optional)').press('Enter')
      const answer = page.locator('.score-answer')
      await answer.waitFor()
      expect(await refused.count()).toBe(0)
      const text = (await answer.textContent()) ?? ''
      expect(text).toContain('ACTIVE')
      expect(text).toMatch(/ready to buy now|clear intent to buy/)
      expect(text).toContain('Small sales teams')
      expect(text).toContain('The embedded scorer, in place of the Ollama model server, which could not answer')
      // The reason quotes the post: its markup is text, and nothing ran.
      expect(await answer.locator('img').count()).toBe(0)
      expect(await page.title()).not.toBe('1')
      await page.getByText('1 left this month').waitFor()
      // Only the refused try's own answers (the signed-out /me, the 400) are logged by the browser: no script error.
      expect(view.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
      await screenshot(page, 'try-scorer-1280')
    } finally {
      await view.close()
    }
  })

  test('390 px: the page fits, the last try is answered, then the spent quota and a plan without the API are said', async () => {
    if (!app) throw new Error('no app')
    const phone = { viewport: { width: 390, height: 844 } }
    const view = await openPage(browser, app.origin, phone)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/try-scorer')
      await view.page.getByLabel('Post').fill('Which CRM should a small sales team pick? Ours is a mess of sheets.')
      await view.page.getByRole('button', { name: 'Score this post' }).click()
      await view.page.locator('.score-answer').waitFor()
      expect(await fitsWidth(view.page)).toBe(true)
      await screenshot(view.page, 'try-scorer-390')
      await view.page.getByRole('button', { name: 'Score this post' }).click()
      await view.page
        .getByRole('alert')
        .filter({ hasText: 'Not scored, nothing counted: monthly quota and credits are used up' })
        .waitFor()
      await screenshot(view.page, 'try-scorer-390-quota')
      await navigateTo(view.page, 'Signals')
    } finally {
      await view.close()
    }
    const solo = await openPage(browser, app.origin, phone)
    try {
      await signIn(solo, 'sam@solo.test', PASSWORD, '/#/try-scorer')
      // Said as the page opens, and the button is off: no post is typed for nothing.
      const alert = solo.page
        .getByRole('alert')
        .filter({ hasText: 'Your team cannot try the scorer yet: it scores through the API, and the starter' })
      await alert.waitFor()
      expect(await alert.textContent()).toContain('lead-signals team set --team solo --plan ')
      expect(await solo.page.getByRole('button', { name: 'Score this post' }).isDisabled()).toBe(true)
      expect(await solo.page.getByText('left this month').count()).toBe(0)
      expect(await fitsWidth(solo.page)).toBe(true)
      await screenshot(solo.page, 'try-scorer-390-no-api')
    } finally {
      await solo.close()
    }
  })
})
