// Every console page at a laptop's 1280×800 and a phone's 390×844 in Chromium: nothing to scroll sideways, every
// enabled button and button-link on screen and clickable, the phone's navigation a compact bar, and the layout
// fixes of issue 33 item 12 (cards with their buttons apart, the Webhooks form below the list, a scale on the chart,
// icons that need no emoji font). Screenshots of each page at both sizes.
import { countReadings, readingsDone } from '../support/readings'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addIcp } from '../../src/domain/icps/icps'
import { issueApiKey } from '../../src/domain/keys/keys'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  screenshot,
  type ServicePage,
  type SignedIn,
  signedInState,
  stopConsole,
} from '../support/browser'
import { brokenParts } from '../support/command-lines'
import { seedTeam, testDeps } from '../support/deps'
import { endpointInput } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
let teamId: string

const PASSWORD = 'correct horse battery'
// Ann's cookies, signed in once through the form in beforeAll: each test's page opens signed in.
let ann: SignedIn
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const
// Each page and what shows once its data is in.
const PAGES = [
  { name: 'Signals', slug: 'signals', ready: '.signal' },
  { name: 'People', slug: 'people', ready: '.person' },
  { name: 'Keywords', slug: 'keywords', ready: 'td[data-label="Keyword"]' },
  { name: 'ICP profiles', slug: 'icp-profiles', ready: '.cards li' },
  { name: 'Try the scorer', slug: 'try-scorer', ready: 'textarea' },
  { name: 'Usage', slug: 'usage', ready: '.chart', noActions: true },
  { name: 'Sources', slug: 'sources', ready: 'td[data-label="Platform"]', noActions: true },
  { name: 'Destinations', slug: 'destinations', ready: '.cards li' },
  { name: 'Settings', slug: 'settings', ready: 'td[data-label="Prefix"]' },
]

/**
 * Bluesky's stream stored up to posts of 5 minutes ago (its position a Jetstream cursor with DIDs), and the model has
 * been behind it for 20 minutes: the team's overflow is past the polling queue's bound. As of now, by the browser's
 * clock, which the Sources page reads them against: written once for the whole file, the tests before took more than
 * a minute on a loaded host and the page said "6 min ago".
 */
async function blueskyReadingNow() {
  const now = Date.now()
  await deps.repos.streamPositions.save({
    platform: 'bluesky',
    position: `${(now - 300_000) * 1000}/did:plc:${'a'.repeat(24)},did:plc:${'b'.repeat(24)}`,
    upstreamAt: new Date(now - 300_000).toISOString(),
    lagMs: 2000,
    heardAt: new Date(now).toISOString(),
    minutes: [],
    gap: null,
    gapAt: null,
    updatedAt: new Date(now).toISOString(),
  })
  await deps.repos.streamQueueBounds.ended('bluesky', teamId)
  await deps.repos.streamQueueBounds.started('bluesky', teamId, new Date(now - 20 * 60_000).toISOString())
}

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, webhooks: { allow_private_targets: true } },
    now: new Date().toISOString(),
  }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  // The longest keyword a team may track, with no space to break it at: it wraps in its cell, not past the page.
  await addKeywords(deps, {
    teamId: team.id,
    keywords: ['crm -hubspot "sales pipeline" subreddit:sales', 'erp', `site:${'x'.repeat(190)}.com`],
  })
  for (const name of ['Ops leads', 'Finance teams'])
    await addIcp(deps, { teamId: team.id, name, description: `${name} at mid-sized firms`, competitors: ['Acme CRM'] })
  // A profile's name, description and competitors can each be one long word (a pasted URL, a run of characters):
  // they wrap in the card, not past the page.
  await addIcp(deps, {
    teamId: team.id,
    name: 'n'.repeat(100),
    description: `see https://example.com/${'d'.repeat(300)}`,
    competitors: ['c'.repeat(100)],
  })
  await issueApiKey(deps, { teamId: team.id, label: 'a rather long key name for the phone layout' })
  await createEndpoint(deps, { teamId: team.id, input: endpointInput('http://127.0.0.1:9/a/very/long/receiver/path') })
  const today = new Date().toISOString().slice(0, 10)
  for (let i = 0; i < 7; i++) deps.repos.usageDays.add(team.id, today)
  await deps.repos.usageDays.flush()
  await deps.repos.signals.insertMany(team.id, [
    {
      id: 'sig_1',
      teamId: team.id,
      platform: 'reddit',
      postId: 'p1',
      author: 'a_very_long_author_name_without_any_spaces_in_it_at_all',
      intent: 'ACTIVE',
      score: 8.5,
      // A reason quotes the post, so it too can hold one long word (a URL, a run of characters with no space).
      reason: `asks for a CRM recommendation with a budget: "${'y'.repeat(400)}"`,
      icpMatch: 'Ops leads',
      preview: 'https://example.com/a/link/that/is/one/very/long/word/and/must/wrap/on/a/phone/screen/somewhere',
      contentFull: null,
      url: 'https://example.com/1',
      keyword: 'erp',
      publishedAt: new Date().toISOString(),
      detectedAt: new Date().toISOString(),
    },
  ])
  teamId = team.id
  await blueskyReadingNow()
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
  ann = await signedInState(browser, app.origin, 'ann@acme.test', PASSWORD)
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

/** Every enabled button and button-link of the page's content lies within the window's width and takes a click. */
async function everyActionReachable(view: ServicePage) {
  const width = view.page.viewportSize()?.width ?? 0
  const actions = view.page.locator('main button:enabled, main a.button')
  const n = await actions.count()
  for (let i = 0; i < n; i++) {
    const action = actions.nth(i)
    const box = await action.boundingBox()
    const name = (await action.textContent())?.trim()
    expect({ name, visible: box !== null && box.x >= 0 && box.x + box.width <= width + 0.5 }).toEqual({
      name,
      visible: true,
    })
    await action.click({ trial: true }) // visible, stable, enabled and not covered by anything else
  }
}

describe('every console page at both sizes', () => {
  for (const size of SIZES) {
    test(`${size.name}: no sideways scroll, every action reachable, screenshots`, async () => {
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport, signedIn: ann })
      await countReadings(view.page)
      try {
        await view.goto('/')
        await view.page.locator('.signal').first().waitFor()
        // The navigation: all of it on a laptop; on a phone a bar under 60 px, its pages behind Menu.
        const header = await view.page.locator('header').boundingBox()
        if (size.name === 'phone') {
          expect(header?.height).toBeLessThan(60)
          await view.page.getByRole('button', { name: 'Menu' }).click()
          expect(await view.page.getByRole('navigation').getByRole('link').count()).toBe(PAGES.length + 1)
          expect(await fitsWidth(view.page)).toBe(true)
          await screenshot(view.page, 'layout-menu-phone')
          await view.page.getByRole('button', { name: 'Menu' }).click()
        } else expect(header?.height).toBeLessThan(70)
        for (const p of PAGES) {
          await navigateTo(view.page, p.name)
          await view.page.locator(p.ready).first().waitFor()
          // Its other readings may still be out: Try the scorer draws its form first, its profiles and quota after.
          await readingsDone(view.page)
          expect({ page: p.name, fits: await fitsWidth(view.page) }).toEqual({ page: p.name, fits: true })
          if (!p.noActions) await everyActionReachable(view)
          await screenshot(view.page, `layout-${p.slug}-${size.name}`)
        }
        // No emoji: the icons are inline SVG, drawn without an emoji font.
        await navigateTo(view.page, 'Signals')
        await view.page.locator('.signal svg.icon').first().waitFor()
        expect(await view.page.locator('main').textContent()).not.toMatch(/\p{Extended_Pictographic}/u)
        expect(view.foreignRequests).toEqual([])
        expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
      } finally {
        await view.close()
      }
    })
  }

  // docs/streams.md#source-health: the Sources page showed a stream's raw position, for Jetstream a long number and a
  // list of DIDs that said nothing to a person and ran past a phone's width.
  for (const size of SIZES)
    test(`${size.name}: Sources says when the stored posts were published, not a stream's cursor`, async () => {
      await blueskyReadingNow()
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport, signedIn: ann })
      try {
        await view.goto('/#/sources')
        const cell = view.page.locator('tr', { hasText: 'bluesky' }).locator('td[data-label="Reading"]')
        await cell.waitFor()
        const text = (await cell.textContent()) ?? ''
        expect(text).toContain('stored up to posts of 5 min ago')
        expect(text).not.toContain('did:')
        // docs/streams.md#backpressure: the embedded scorer scores the team's leads while the model is behind.
        expect(text).toContain('model behind since 20 min ago')
        expect(text).toContain('leads past them are scored by the embedded scorer')
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `sources-reading-${size.name}`)
      } finally {
        await view.close()
      }
    })

  // An address the console has no page for (a typo, an old link) showed the Signals page as if it were that page.
  for (const size of SIZES)
    test(`${size.name}: an unknown address says there is no such page and links to the pages`, async () => {
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport, signedIn: ann })
      try {
        await view.goto(`/#/nonsense-${'x'.repeat(80)}`)
        await view.page.getByRole('heading', { name: 'No such page', level: 1 }).waitFor()
        expect(await view.page.locator('.signal').count()).toBe(0)
        const main = view.page.locator('main')
        expect(await main.textContent()).toContain(`#/nonsense-${'x'.repeat(80)}`)
        const links = main.getByRole('link')
        expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
          PAGES.map((p) => `#/${p.slug === 'destinations' ? 'webhooks' : p.slug}`),
        )
        // No page of the menu is marked as the one shown.
        expect(await view.page.locator('nav [aria-current="page"]').count()).toBe(0)
        expect(await fitsWidth(view.page)).toBe(true)
        await screenshot(view.page, `no-such-page-${size.name}`)
        await main.getByRole('link', { name: 'Keywords' }).click()
        await view.page.getByRole('heading', { name: 'Keywords', level: 1 }).waitFor()
      } finally {
        await view.close()
      }
    })

  test('phone: Escape closes the Menu, from its button or from a page link in it, and the keyboard stays on Menu', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[1].viewport, signedIn: ann })
    try {
      await view.goto('/')
      await view.page.locator('.signal').first().waitFor()
      const menu = view.page.getByRole('button', { name: 'Menu' })
      const links = view.page.getByRole('navigation')
      await menu.click()
      await links.waitFor()
      // Escape, as a menu is closed everywhere else; the open menu pushed the page down until Menu was pressed again.
      await view.page.keyboard.press('Escape')
      await links.waitFor({ state: 'hidden', timeout: 3000 })
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      await menu.click()
      await view.page.keyboard.press('Tab')
      expect(await view.page.evaluate('document.activeElement?.textContent')).toBe('Signals')
      await view.page.keyboard.press('Escape')
      await links.waitFor({ state: 'hidden', timeout: 3000 })
      // Not left on a link that is hidden now: the next Tab goes on from Menu.
      expect(await view.page.evaluate('document.activeElement?.getAttribute("aria-controls")')).toBe('menu')
    } finally {
      await view.close()
    }
  })

  test('phone: an Escape pressed as soon as the Menu has opened closes it', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[1].viewport, signedIn: ann })
    try {
      await view.goto('/')
      await view.page.locator('.signal').first().waitFor()
      // The page's next task after the click, before its next paint: a loaded machine's keyboard comes as soon. The
      // listener used to be added after that paint, and this Escape was lost.
      const open = await view.page.evaluate(`(async () => {
        const menu = document.querySelector('button[aria-controls="menu"]')
        menu.click()
        await new Promise((r) => setTimeout(r, 0))
        const opened = menu.getAttribute('aria-expanded')
        dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
        return opened
      })()`)
      expect(open).toBe('true')
      await view.page.getByRole('navigation').waitFor({ state: 'hidden', timeout: 3000 })
    } finally {
      await view.close()
    }
  })

  test('cards keep their buttons apart, the Webhooks form sits below the list, the chart has a scale', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[1].viewport, signedIn: ann })
    try {
      await view.goto('/#/icp-profiles')
      const cards = view.page.locator('.cards li')
      await cards.nth(1).waitFor()
      const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()]
      expect((second?.y ?? 0) - ((first?.y ?? 0) + (first?.height ?? 0))).toBeGreaterThanOrEqual(8)
      const edit = await view.page.getByRole('button', { name: 'Edit Ops leads' }).boundingBox()
      const remove = await view.page.getByRole('button', { name: 'Remove Ops leads' }).boundingBox()
      expect((remove?.x ?? 0) - ((edit?.x ?? 0) + (edit?.width ?? 0))).toBeGreaterThanOrEqual(6)
      // The form is below the cards, out of a phone's sight: Edit brings it into view, its first field to type in
      // focused, and the heading naming a long profile wraps.
      await view.page.getByRole('button', { name: 'Edit Finance teams' }).click()
      const description = view.page.getByLabel('Description')
      expect(await view.page.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA')
      const box = await description.boundingBox()
      expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(SIZES[1].viewport.height)
      expect(box?.y ?? -1).toBeGreaterThanOrEqual(0)
      expect(await description.inputValue()).toBe('Finance teams at mid-sized firms')
      await view.page.getByRole('button', { name: `Edit ${'n'.repeat(100)}` }).click()
      await view.page.getByRole('heading', { name: `Edit ${'n'.repeat(100)}` }).waitFor()
      expect(await fitsWidth(view.page)).toBe(true)

      await navigateTo(view.page, 'Destinations')
      // Until the Destinations page is drawn the profiles' cards are still there: waiting for .cards alone read them.
      await view.page.getByRole('heading', { level: 1, name: 'Destinations' }).waitFor()
      await view.page.locator('.cards').waitFor()
      // Both read at once, from the document's top: the heading taking the keyboard after a move from the menu may
      // scroll the page between two readings of where they are in the window.
      const { listEnd, formTop } = (await view.page.evaluate(`(() => {
        const list = document.querySelector('.cards').getBoundingClientRect()
        const form = [...document.querySelectorAll('h2')].find((h) => h.textContent === 'New destination')
        return { listEnd: list.bottom + scrollY, formTop: form.getBoundingClientRect().top + scrollY }
      })()`)) as { listEnd: number; formTop: number }
      expect(formTop).toBeGreaterThan(listEnd)

      await navigateTo(view.page, 'Usage')
      await view.page.locator('.chart .scale text').nth(2).waitFor()
      expect(await view.page.locator('.chart .scale text').allTextContents()).toEqual(['0', '4', '7'])

      // This server has no SMTP server: Settings says so instead of offering a button that can only fail.
      await navigateTo(view.page, 'Settings')
      await view.page.getByText('E-mail alerts need an SMTP server').waitFor()
      expect(await view.page.getByRole('button', { name: 'E-mail me new leads' }).count()).toBe(0)
      // The command that adds a user keeps each flag with its value on one line ("-" then "-team" before).
      const command = view.page.locator('code', { hasText: 'user create' })
      expect(await command.textContent()).toBe('lead-signals user create --team acme --email EMAIL')
      expect(await brokenParts(command)).toEqual([])
    } finally {
      await view.close()
    }
  })
})
