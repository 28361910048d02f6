// The Keywords page's query box (docs/queries.md#preview) in Chromium: an error as you type, then a preview of
// the team's recent signals the query would match.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import type { NewSignal } from '../../src/storage/repos/signals'
import {
  closeBrowser,
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  screenshot,
  signIn,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let origin: string
let deps: Deps
const PASSWORD = 'correct horse battery'
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString()

const signal = (teamId: string, id: string, platform: string, text: string, publishedAt: string): NewSignal => ({
  id: `sig_${id}`,
  teamId,
  platform,
  postId: id,
  author: `author_${id}`,
  intent: 'ACTIVE',
  score: 8,
  reason: 'asks for a tool',
  icpMatch: null,
  preview: text,
  contentFull: text,
  url:
    platform === 'reddit'
      ? `https://www.reddit.com/r/sales/comments/${id}/`
      : `https://news.ycombinator.com/item?id=${id}`,
  keyword: 'crm',
  publishedAt,
  detectedAt: publishedAt,
})

beforeAll(async () => {
  ;({ deps } = await testDeps({ now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await deps.repos.signals.insertMany(team.id, [
    signal(team.id, 'p1', 'reddit', 'We need a CRM for our sales pipeline', daysAgo(1)),
    signal(team.id, 'p2', 'hackernews', 'Is HubSpot CRM worth it for five people?', daysAgo(2)),
    signal(team.id, 'p3', 'reddit', 'Any CRM with a good sales pipeline view?', daysAgo(10)),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  origin = app.origin
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  await app?.stop()
})

/**
 * The team acme's Keywords page, its preview showing one signal stored with these fields, for `check`: the post is
 * `text`, found 1 day ago on Reddit, and `query` matches it.
 */
async function withPreviewOf(
  post: { id: string; text: string } & Partial<NewSignal>,
  query: string,
  check: (view: Awaited<ReturnType<typeof openPage>>) => Promise<void>,
) {
  const teamId = (await deps.repos.teams.list())[0].id
  const { id, text, ...fields } = post
  await deps.repos.signals.insertMany(teamId, [{ ...signal(teamId, id, 'reddit', text, daysAgo(1)), ...fields }])
  const view = await openPage(browser, origin)
  try {
    await signIn(view, 'ann@acme.test', PASSWORD)
    await navigateTo(view.page, 'Keywords')
    await view.page.getByLabel('Keyword or query').fill(query)
    await view.page.locator('.query-preview li').waitFor()
    await check(view)
  } finally {
    await view.close()
  }
}

describe('the Keywords page query box', () => {
  test('shows where a query is wrong as it is typed, then which recent posts it would match; adds it', async () => {
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await navigateTo(view.page, 'Keywords')
      const box = view.page.getByLabel('Keyword or query')

      await box.fill('crm OR')
      const error = view.page.locator('.query-error')
      await error.waitFor()
      expect(await error.textContent()).toContain('at character 7: expected a word, a "phrase", a filter or ( after OR')

      // Added as it is, it is refused, and the refusal is said once: where the query is wrong, below the box, now
      // announced (role alert), not a second copy of the same message further down. It goes once the query is
      // edited, and the help is the served page.
      await view.page.getByRole('button', { name: 'Add' }).click()
      const refusal = view.page.getByRole('alert')
      await refusal.waitFor()
      expect(await refusal.count()).toBe(1)
      expect(await refusal.getAttribute('class')).toContain('query-error')
      // The preview's answer comes after the refusal when Add is pressed at once: wait it out, then count.
      await view.page.waitForTimeout(600)
      const said = (await view.page.locator('main').textContent())?.split('at character 7').length ?? 0
      expect(said - 1).toBe(1)
      expect(await view.page.getByRole('link', { name: 'How to write a query' }).getAttribute('href')).toBe(
        '/docs/queries',
      )
      expect(await view.page.locator('main').textContent()).not.toContain('docs/queries.md')

      await box.fill('crm -hubspot')
      expect(await refusal.count()).toBe(0)
      const preview = view.page.locator('.query-preview')
      await preview.getByText('it would match 1.').waitFor()
      expect(await error.count()).toBe(0)
      // Only the last 7 days: p3 (10 days ago) is not among the 2 signals read, and p2 is excluded.
      expect(await preview.textContent()).toContain('the 2 signals kept since')
      expect(await preview.locator('li').allTextContents()).toEqual([
        expect.stringContaining('We need a CRM for our sales pipeline'),
      ])

      await box.fill('crm subreddit:sales OR hubspot')
      await preview.getByText('it would match 2.').waitFor()
      await screenshot(view.page, 'console-keyword-query')

      await view.page.getByRole('button', { name: 'Add' }).click()
      // The Keywords page lists each keyword in the first cell of its row of figures (docs/console.md#verdicts).
      await view.page.locator('tbody tr td', { hasText: /^crm subreddit:sales OR hubspot$/ }).waitFor()
      expect(await deps.repos.keywords.list((await deps.repos.teams.list())[0].id)).toEqual([
        'crm subreddit:sales OR hubspot',
      ])
      // The same query again is said to be tracked already; only spaces is one plain refusal.
      await box.fill('crm subreddit:sales OR hubspot')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.getByRole('status').getByText('Already tracked: “crm subreddit:sales OR hubspot”.').waitFor()
      await box.fill('   ')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await refusal.waitFor()
      expect(await refusal.textContent()).toBe('keyword must not be empty')
      // The sign-in check (401) and the invalid query's preview (400) are answers, not page errors.
      expect(view.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
    } finally {
      await view.close()
    }
  })

  test("an author's name that forces right to left (U+202E) stays inside the name in the preview", async () => {
    await withPreviewOf(
      { id: 'p4', text: 'Looking for a Zendesk alternative', author: '\u202Eevil' },
      'zendesk',
      async (view) => {
        // Not isolated, the override turned the words after the name around: "· 1 d ago · found by" read backwards.
        // The browser's own code, as text: this file is not compiled with the DOM's types.
        const isolation = await view.page.evaluate(`(() => {
        const li = document.querySelector('.query-preview li')
        const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT)
        for (let n = walker.nextNode(); n; n = walker.nextNode())
          if (n.textContent.includes('\\u202Eevil')) return getComputedStyle(n.parentElement).unicodeBidi
        return 'not found'
      })()`)
        expect(isolation).toBe('isolate')
      },
    )
  })
  // docs/security.md#platform-text: a post's own address is kept only when it is a web address, since 2026-11-28; a
  // database kept from before may hold a `javascript:` one, which the Signals and person pages never made a link.
  test('a post whose address is not a web address is shown in the preview, but not as a link', async () => {
    const text = 'Is Pipedrive any good for a small team?'
    await withPreviewOf({ id: 'p5', text, url: 'javascript:alert(document.cookie)' }, 'pipedrive', async (view) => {
      const item = view.page.locator('.query-preview li')
      expect(await item.textContent()).toContain(text)
      expect(await item.locator('a').count()).toBe(0)
    })
  })
  // docs/platforms.md#content: a signal keeps a post as plain text, which may still read like markup (a platform's
  // "&lt;img …&gt;" decoded); the raw search's HTML never reaches the console, and the preview shows text as text.
  test('a post whose text reads like HTML is shown in the preview as that text, never as markup', async () => {
    const text = 'Freshsales or <b>Pipedrive</b>? <img src=x onerror="document.title=\'ran\'"> &amp; more'
    await withPreviewOf({ id: 'p7', text }, 'freshsales', async (view) => {
      const item = view.page.locator('.query-preview li')
      expect(await item.textContent()).toContain(text)
      expect(await item.locator('b, img').count()).toBe(0)
      expect(await view.page.title()).not.toBe('ran')
    })
  })
  // docs/security.md#decisions: a name of thousands of characters is cut at 100 wherever a list shows authors.
  test("an author's name of thousands of characters is cut at 100 in the preview, whole in its tooltip", async () => {
    const author = 'B'.repeat(3000)
    await withPreviewOf({ id: 'p6', text: 'Which CMS handles ten languages?', author }, 'cms', async (view) => {
      const name = view.page.locator('.query-preview li bdi')
      expect(await name.textContent()).toBe(`${'B'.repeat(100)}…`)
      expect(await name.getAttribute('title')).toBe(author)
    })
  })
  test('a keyword written right to left (Arabic with a Latin word) reads right to left, in the box and the list', async () => {
    await seedTeam(deps, { name: 'rtl' })
    await createUser(deps, { team: 'rtl', email: 'rana@rtl.test', role: 'owner', password: PASSWORD })
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'rana@rtl.test', PASSWORD)
      await navigateTo(view.page, 'Keywords')
      const box = view.page.getByLabel('Keyword or query')
      await box.fill('نظام CRM')
      // In a left-to-right box and cell "CRM" came first to a right-to-left reader: "CRM system" read "system CRM".
      const direction = (selector: string) =>
        view.page.evaluate(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).direction`)
      expect(await direction('form.inline input')).toBe('rtl')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.locator('td bdi', { hasText: 'نظام CRM' }).waitFor()
      expect(await direction('td bdi')).toBe('rtl')
    } finally {
      await view.close()
    }
  })
  test('a team with one signal in the last 7 days reads "the 1 signal kept", not "the 1 signals"', async () => {
    const { team } = await seedTeam(deps, { name: 'solo' })
    await deps.repos.signals.insertMany(team.id, [signal(team.id, 'q1', 'reddit', 'A CRM for one', daysAgo(1))])
    await createUser(deps, { team: 'solo', email: 'sol@solo.test', role: 'owner', password: PASSWORD })
    const view = await openPage(browser, origin)
    try {
      await signIn(view, 'sol@solo.test', PASSWORD)
      await navigateTo(view.page, 'Keywords')
      await view.page.getByLabel('Keyword or query').fill('crm')
      const preview = view.page.locator('.query-preview')
      await preview.getByText('it would match 1.').waitFor()
      expect(await preview.textContent()).toContain('(the 1 signal kept since')
    } finally {
      await view.close()
    }
  })

  // Pressing Add left the focus on the button: a refused query had to be clicked into to be fixed, and after an added
  // one the next keyword had to be clicked into too.
  test('after Add, refused or added, the focus is back in the box, ready to type', async () => {
    await seedTeam(deps, { name: 'typist' })
    await createUser(deps, { team: 'typist', email: 'tia@typist.test', role: 'owner', password: PASSWORD })
    const view = await openPage(browser, origin)
    const box = view.page.getByLabel('Keyword or query')
    const inBox = () => box.evaluate((el) => el === el.ownerDocument.activeElement)
    try {
      await signIn(view, 'tia@typist.test', PASSWORD)
      await navigateTo(view.page, 'Keywords')
      await box.fill('crm (hubspot')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.getByRole('alert').waitFor()
      expect(await inBox()).toBe(true)
      await box.fill('crm')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.getByRole('cell', { name: 'crm', exact: true }).waitFor()
      expect(await inBox()).toBe(true)
    } finally {
      await view.close()
    }
  })
})
