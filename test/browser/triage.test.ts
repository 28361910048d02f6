// The Signals page as a lead inbox (docs/console.md#triage), in Chromium: badges, tags and chips on the card, the
// scorer outage said once, safe links, filters in the address, keyboard triage, Undo, and the new-since-last-visit
// count.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import type { NewSignal } from '../../src/storage/repos/signals'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  openPage,
  screenshot,
  type ServicePage,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
let teamId: string

const PASSWORD = 'correct horse battery'
const STAND_IN = ' (scored by the embedded scorer: the ollama scorer could not answer)'
const LONG = `${'We compare CRMs for our sales team. '.repeat(9)}`.slice(0, 300)
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()

function signal(i: number, over: Partial<NewSignal>): NewSignal {
  return {
    id: `sig_${i}`,
    teamId,
    platform: 'reddit',
    postId: `p${i}`,
    author: `author${i}`,
    intent: 'QUESTION',
    score: 5,
    reason: `reason ${i}`,
    icpMatch: null,
    preview: `post number ${i}`,
    contentFull: null,
    url: `https://example.com/${i}`,
    keyword: 'crm',
    publishedAt: hoursAgo(i + 1),
    detectedAt: hoursAgo(i + 1),
    ...over,
  }
}

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const made = await seedTeam(deps, { name: 'acme' })
  teamId = made.team.id
  await addKeywords(deps, { teamId, keywords: ['crm'] })
  await deps.repos.signals.insertMany(teamId, [
    signal(0, {
      platform: 'hackernews',
      author: 'pat',
      intent: 'ACTIVE',
      score: 9.5,
      icpMatch: 'Ops leads',
      reason: `asks which CRM to buy this quarter${STAND_IN}`,
      preview: LONG,
      contentFull: `${LONG} and the rest of the full text`,
    }),
    // Platform text is attacker-controlled: a script URL and markup in the name stay text, never a link.
    signal(1, { author: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)', score: 7, intent: 'ACTIVE' }),
    signal(2, { score: 5.5, reason: `compares two tools${STAND_IN}` }),
    signal(3, { score: 3 }),
    signal(4, { score: 1, intent: 'MENTION' }),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

const signInAnn = (view: ServicePage, path = '/') => signIn(view, 'ann@acme.test', PASSWORD, path)
const card = (view: ServicePage, text: string) => view.page.locator('.signal', { hasText: text })
const countIs = (view: ServicePage, text: string) => view.page.locator('.count', { hasText: text }).waitFor()
// How far the visit may lie behind this process's clock: the Date header's second, and the seconds a held-up event
// loop leaves it unrefreshed. A visit by a browser 3 h ahead lies hours off either way.
const VISIT_LAG_MS = 60_000
/** The visit the Signals page recorded in the browser (src/console/triage.ts, useLastVisit). */
const recordedVisit = async (view: ServicePage) => {
  const visit = await view.page.evaluate(() => Object.values(localStorage).join(''))
  expect(visit).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/)
  return visit
}
const verdictOf = async (id: string) => {
  const rs = await deps.database.client.execute({
    sql: 'select verdict from signal_feedback where signal_id = ?',
    args: [id],
  })
  return rs.rows[0]?.verdict ?? null
}

describe('the Signals page as an inbox', () => {
  test('a card: score badge by band, ICP chip, scorer tag, outage said once, relative time, safe links, Full text only when longer', async () => {
    const view = await openPage(browser, app?.origin as string)
    try {
      await signInAnn(view)
      await countIs(view, 'Signals 1–5 of 5')
      const top = card(view, 'asks which CRM')
      expect(await top.locator('.score').getAttribute('class')).toBe('score band-top')
      expect(await card(view, 'post number 1').locator('.score').getAttribute('class')).toBe('score band-high')
      expect(await card(view, 'compares two tools').locator('.score').getAttribute('class')).toBe('score band-mid')
      expect(await card(view, 'post number 3').locator('.score').getAttribute('class')).toBe('score band-low')
      expect(await card(view, 'post number 4').locator('.score').getAttribute('class')).toBe('score band-off')
      expect(await top.locator('.chip.icp').textContent()).toBe('ICP: Ops leads')
      // The stand-in note leaves the reasons: a tag on each card it concerns, and one notice at the top.
      expect(await view.page.locator('.reason', { hasText: 'scored by the' }).count()).toBe(0)
      expect(await top.locator('.reason').textContent()).toBe('asks which CRM to buy this quarter')
      expect(await view.page.locator('.chip.scorer').allTextContents()).toEqual(['embedded scorer', 'embedded scorer'])
      const notices = view.page.locator('.notice', { hasText: 'could not answer' })
      expect(await notices.count()).toBe(1)
      expect(await notices.textContent()).toContain(
        'The Ollama model server could not answer when 2 signals of this page',
      )
      // And what to do about it: a new team without a model server sees this on its first leads.
      expect(await notices.textContent()).toContain('lead-signals scorer check says why')
      expect(await notices.textContent()).toContain('scorer.backend = "rules" lets it answer alone')
      // Relative time, the exact one on hover.
      const time = top.locator('time')
      expect(await time.textContent()).toBe('1 h ago')
      expect(await time.getAttribute('title')).toBe(
        await time.evaluate((t) =>
          new Date(t.getAttribute('datetime') as string).toLocaleString(undefined, { timeZoneName: 'short' }),
        ),
      )
      // The author links to their profile on a platform whose address follows from the name; markup stays text.
      expect(await top.getByRole('link', { name: 'pat' }).getAttribute('href')).toBe(
        'https://news.ycombinator.com/user?id=pat',
      )
      const hostile = card(view, 'post number 1')
      expect(await hostile.locator('img').count()).toBe(0)
      expect(await hostile.textContent()).toContain('<img src=x onerror=alert(1)>')
      // No "Open post" to a javascript: URL; the one link left is the author's profile, on https.
      expect(await hostile.getByRole('link', { name: 'Open post' }).count()).toBe(0)
      expect(await hostile.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
        'https://www.reddit.com/user/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
      ])
      // Full text only where there is more.
      expect(await view.page.getByRole('button', { name: 'Full text' }).count()).toBe(1)
      await top.getByRole('button', { name: 'Full text' }).click()
      await top.getByText('and the rest of the full text').waitFor()
      await screenshot(view.page, 'triage-cards-desktop')
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })

  test('filters live in the address, survive a reload and clear at once; the minimum score applies without Enter', async () => {
    const view = await openPage(browser, app?.origin as string)
    try {
      await signInAnn(view)
      await countIs(view, 'Signals 1–5 of 5')
      await view.page.getByLabel('Intent').selectOption('ACTIVE')
      await countIs(view, 'Signals 1–2 of 2')
      expect(new URL(view.page.url()).hash).toBe('#/signals?intent=ACTIVE')
      await view.page.getByLabel('Minimum score').pressSequentially('8')
      await countIs(view, 'Signals 1–1 of 1') // no Enter, no Tab: applied after a pause
      expect(new URL(view.page.url()).hash).toBe('#/signals?intent=ACTIVE&minScore=8')
      await view.page.reload()
      await countIs(view, 'Signals 1–1 of 1')
      expect(await view.page.getByLabel('Intent').inputValue()).toBe('ACTIVE')
      expect(await view.page.getByLabel('Minimum score').inputValue()).toBe('8')
      await view.page.getByRole('button', { name: 'Clear filters' }).click()
      await countIs(view, 'Signals 1–5 of 5')
      expect(new URL(view.page.url()).hash).toBe('#/signals')
      expect(await view.page.getByRole('button', { name: 'Clear filters' }).isDisabled()).toBe(true)
      // Show dismissed sits beside its box, in the same label.
      expect(await view.page.getByLabel('Show dismissed').isVisible()).toBe(true)
      // A link with filters opens on them.
      await view.goto('/#/signals?platform=hackernews')
      await countIs(view, 'Signals 1–1 of 1')
    } finally {
      await view.close()
    }
  })

  test('keyboard triage: j/k move, n dismisses with Undo, r judges relevant, o opens the post', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: { width: 390, height: 844 } })
    try {
      await signInAnn(view)
      await countIs(view, 'Signals 1–5 of 5')
      expect(await view.page.locator('.signal.selected').textContent()).toContain('asks which CRM')
      await view.page.keyboard.press('j')
      await view.page.keyboard.press('j')
      await view.page.keyboard.press('k')
      expect(await view.page.locator('.signal.selected').textContent()).toContain('post number 1')
      await view.page.keyboard.press('n')
      await countIs(view, 'Signals 1–4 of 4')
      expect(await verdictOf('sig_1')).toBe('not_relevant')
      const undo = view.page.locator('.notice.undo')
      expect(await undo.textContent()).toContain("Marked <img src=x onerror=alert(1)>'s post not relevant.")
      await screenshot(view.page, 'triage-undo-phone')
      expect(await fitsWidth(view.page)).toBe(true)
      await undo.getByRole('button', { name: 'Undo' }).click()
      await countIs(view, 'Signals 1–5 of 5')
      expect(await verdictOf('sig_1')).toBeNull() // taken back, not turned into "relevant"
      // r on the selected card: pressed, kept in the list.
      await view.page.keyboard.press('r')
      await card(view, 'post number 1').locator('button[aria-pressed="true"]', { hasText: 'Relevant' }).waitFor()
      expect(await verdictOf('sig_1')).toBe('relevant')
      // Keys typed into a field are text, not triage.
      await view.page.getByLabel('Minimum score').press('n')
      expect(await verdictOf('sig_1')).toBe('relevant')
      // o opens the selected card's post in a new tab (the test's browser blocks every other origin and records it).
      await view.page
        .locator('.signal')
        .first()
        .click({ position: { x: 5, y: 5 } })
      await view.page.keyboard.press('k')
      await view.page.keyboard.press('k')
      const [popup] = await Promise.all([view.context.waitForEvent('page'), view.page.keyboard.press('o')])
      await popup.waitForLoadState().catch(() => {})
      expect(view.foreignRequests).toContain('https://example.com/0')
    } finally {
      await view.close()
    }
  })

  // The visit is the server's time (src/console/server-clock.ts): a browser 3 h ahead recorded one 3 h to come, and
  // counted none of the signals found meanwhile as new. Each run adds two signals to the team's. The server's time is
  // its last answer's Date header, which Bun writes from a date it refreshes once a second: an answer to a request that
  // waited while this process was held up (a loaded machine) says a time seconds old. The visit then lay before the
  // previous run's two signals, and "4 new" never read "2 new" (two CI runs timed out so). The count is checked
  // against the visit the page recorded, which must be the server's now give or take that, never 3 h to come.
  for (const [run, ahead] of [0, 3].entries())
    test(`a count of the signals new since the last visit, and a "new" chip on each (browser ${ahead} h ahead)`, async () => {
      const had = 5 + 2 * run
      const view = await openPage(browser, app?.origin as string)
      try {
        if (ahead) await view.page.clock.setFixedTime(Date.now() + ahead * 3_600_000)
        await signInAnn(view)
        await countIs(view, `Signals 1–${had} of ${had}`)
        expect(await view.page.locator('.toolbar .chip.new').count()).toBe(0) // the first visit: nothing to compare
        const visit = await recordedVisit(view)
        expect(Date.parse(visit)).toBeLessThanOrEqual(Date.now())
        expect(Date.parse(visit)).toBeGreaterThan(Date.now() - VISIT_LAG_MS)
        await Bun.sleep(20)
        const fresh = (i: number, preview: string) =>
          signal(had + i, { detectedAt: new Date().toISOString(), publishedAt: hoursAgo(0.5), preview })
        await deps.repos.signals.insertMany(teamId, [fresh(0, `fresh one ${run}`), fresh(1, `fresh two ${run}`)])
        // The two just found, and those of the previous run only if the visit's header was older than they are.
        const since = await deps.repos.signals.countDetectedAfter(teamId, visit)
        expect(since).toBeGreaterThanOrEqual(2)
        await view.page.reload()
        await countIs(view, `Signals 1–${had + 2} of ${had + 2}`)
        await view.page.locator('.toolbar .chip.new', { hasText: `${since} new since your last visit` }).waitFor()
        expect(await view.page.locator('.signal .chip.new').count()).toBe(since)
        expect(await card(view, `fresh one ${run}`).locator('.chip.new').count()).toBe(1)
        expect(await card(view, `fresh two ${run}`).locator('.chip.new').count()).toBe(1)
        await screenshot(view.page, `triage-new-desktop-${ahead}h`)
      } finally {
        await view.close()
      }
    })
})
