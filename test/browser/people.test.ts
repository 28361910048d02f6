// The People pages (docs/console.md#people) in Chromium at a desktop and a phone width: the list by heat, a
// person's page, linking two accounts and undoing it, muting, the threshold; no sideways scroll on a phone.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { rateSignal } from '../../src/domain/feedback/rate'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  launchBrowser,
  listenForBrowser,
  openPage,
  type SignedIn,
  screenshot,
  signedInState,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

const LONG_NAME = `annops_${'x'.repeat(90)}`
let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
// Ann's cookies, signed in once through the form in beforeAll: her tests' pages open signed in.
let annSignedIn: SignedIn
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString()

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  const row = (a: Parameters<typeof signalRow>[1]) => signalRow(team.id, { detectedAt: hoursAgo(0), ...a })
  await deps.repos.signals.insertMany(team.id, [
    row({ author: 'ann_ops', platform: 'reddit', score: 9, icpMatch: 'Agencies', publishedAt: hoursAgo(3) }),
    row({ author: 'ann_ops', platform: 'reddit', score: 6, intent: 'PAIN', publishedAt: hoursAgo(50) }),
    // A name with no place to break it: on the person page it wraps, and the Unlink button stays on screen.
    row({ author: LONG_NAME, platform: 'twitter', score: 7, intent: 'COMPETITOR', publishedAt: hoursAgo(20) }),
    row({ author: 'bob', platform: 'hackernews', score: 5, intent: 'QUESTION', publishedAt: hoursAgo(900) }),
    // Platform text is the author's: markup and a script address stay text.
    row({ author: '<img src=x onerror=alert(1)>', platform: 'mastodon', score: 4, intent: 'MENTION' }),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
  annSignedIn = await signedInState(browser, app.origin, 'ann@acme.test', PASSWORD)
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  describe(`People at ${viewport.width}×${viewport.height}`, () => {
    test('the list by heat; a person page; link, unlink, mute; the threshold; no sideways scroll', async () => {
      // Signed in through the form: this test also checks that the session check before it was the page's only error.
      const view = await openPage(browser, app?.origin as string, { viewport })
      const { page } = view
      const noSidewaysScroll = async () =>
        expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true)
      try {
        await signIn(view, 'ann@acme.test', PASSWORD, '/#/people')
        await page.locator('.person').first().waitFor()
        const rows = page.locator('.person')
        expect(await rows.count()).toBe(4)
        expect(await rows.first().textContent()).toContain('ann_ops')
        expect(await rows.first().locator('.heat').textContent()).toContain('hot')
        // What heat is made of, and that a 👎 takes a post out of it (docs/people.md#heat).
        await page.getByText('posts judged not relevant do not count.').waitFor()
        expect(await page.locator('img').count()).toBe(0)
        await noSidewaysScroll()
        await screenshot(page, `console-people-${label}`)

        await rows.first().getByRole('link', { name: 'ann_ops' }).click()
        await page.getByRole('heading', { name: /ann_ops/ }).waitFor()
        // When they were seen, to the minute as people read a date, with its zone ("Dec 5, 2026, 7:06 AM UTC") and
        // without the seconds; one time when both are the same minute.
        expect(await page.locator('dt:text-is("Seen") + dd').textContent()).toMatch(
          /^[^:]+\d:\d\d( [AP]M)? [A-Z]+[+-\d:]* to [^:]+\d:\d\d( [AP]M)? [A-Z]+[+-\d:]*$/,
        )
        // Find narrows the choices to the names that hold the text (a team has more people than the list shows).
        const choices = page.getByLabel('The same person on another account').locator('option')
        const showing = async (count: number, what: string) => {
          for (let i = 0; (await choices.count()) !== count; i++) {
            if (i > 100) throw new Error(`${what} never showed ${count} choices`)
            await Bun.sleep(50)
          }
        }
        const find = async (text: string, count: number) => {
          await page.getByLabel('Find an account by name').fill(text)
          await page.getByRole('button', { name: 'Find' }).click()
          await showing(count, `Find "${text}"`)
        }
        // The other accounts arrive after the heading, from a request of their own.
        await showing(4, 'The person page')
        await find('NOBODY', 1)
        await page.getByText("No one else's name contains “NOBODY”.").waitFor()
        await find('ANNOPS_', 2)
        await page
          .getByLabel('The same person on another account')
          .selectOption({ label: `${LONG_NAME} on X (Twitter)` })
        await page.getByRole('button', { name: 'Link' }).click()
        await page.getByRole('button', { name: 'Unlink' }).waitFor()
        // The account linked leaves the choices (linked again, it was refused as "already linked").
        await showing(1, 'the choices after Link')
        const posts = page.locator('.signal')
        expect(await posts.count()).toBe(3)
        expect(await posts.first().textContent()).toContain('PAIN')
        await noSidewaysScroll()
        await screenshot(page, `console-person-${label}`)

        await page.getByRole('button', { name: 'Unlink' }).click()
        await page.getByRole('button', { name: 'Unlink' }).waitFor({ state: 'detached' })
        expect(await posts.count()).toBe(2)
        // A person of its own again, it is one of the choices again.
        await showing(2, 'the choices after Unlink')
        await page.getByRole('button', { name: 'Mute' }).click()
        await page.getByRole('button', { name: 'Unmute' }).waitFor()
        // Said beside the name, as the list says it, not only by the button's label.
        await page.getByRole('heading').locator('.chip', { hasText: 'muted' }).waitFor()
        await page.getByRole('link', { name: '← People' }).click()
        await page.locator('.person').first().waitFor()
        expect(await page.locator('.person').count()).toBe(3)
        await page.getByLabel('Show muted').check()
        await page.locator('.person.muted-person').waitFor()
        await page.locator('.person.muted-person').getByRole('link').click()
        await page.getByRole('button', { name: 'Unmute' }).click()
        await page.getByRole('button', { name: 'Mute' }).waitFor()

        await view.goto('/#/people')
        const threshold = page.getByLabel(/Heat threshold/)
        // The saved value first (70), then the change.
        for (let i = 0; (await threshold.inputValue()) !== '70'; i++) {
          if (i > 100) throw new Error('the saved threshold never showed')
          await Bun.sleep(50)
        }
        // An emptied box is asked for beside it by the browser: it was sent as 0 and refused at the page's top, out
        // of sight on a phone below the list.
        await threshold.fill('')
        await page.getByRole('button', { name: 'Save' }).click()
        expect(await threshold.evaluate((e) => e.matches(':invalid'))).toBe(true)
        await Bun.sleep(300)
        expect(await page.locator('main .error').count()).toBe(0)
        await threshold.fill('65')
        await page.getByRole('button', { name: 'Save' }).click()
        await page.getByRole('button', { name: 'Save' }).and(page.locator(':disabled')).waitFor()
        const team = (await deps.database.client.execute('select heat_threshold from teams')).rows[0]
        expect(Number(team?.heat_threshold)).toBe(65)
        await deps.database.client.execute('update teams set heat_threshold = 70')
        // Only the session check before signing in answered an error (401, as it must).
        expect(view.errors).toEqual([expect.stringContaining('401 (Unauthorized)')])
      } finally {
        await view.close()
      }
    })
  })
}

describe("a name that forces right to left (U+202E) on a person's page", () => {
  test('the choice of an account to link reads "evil on Bluesky", not the words after the name turned around', async () => {
    const team = (await deps.repos.teams.list())[0]
    await deps.repos.signals.insertMany(team.id, [signalRow(team.id, { author: '\u202Eevil', platform: 'bluesky' })])
    const view = await openPage(browser, app?.origin as string, { signedIn: annSignedIn })
    try {
      await view.goto('/#/people')
      await view.page.locator('.person').first().getByRole('link').first().click()
      const choices = view.page.getByLabel('The same person on another account').locator('option')
      await choices.nth(1).waitFor({ state: 'attached' })
      // An option holds text only, no <bdi>: the override in it would turn " on Bluesky" into "yksulB no ".
      const labels = await choices.allTextContents()
      expect(labels).toContain('evil on Bluesky')
      expect(labels.join('')).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/u)
    } finally {
      await view.close()
    }
  })
})

// One test per width, and the link after them: the three pages, each signed in, in one test's 30 s took 14 s with
// this file alone and timed out in 9 of 10 runs beside another copy of it (npm test runs two files at once).
describe('a person whose every signal was judged not relevant', () => {
  let id: unknown
  beforeAll(async () => {
    const team = (await deps.repos.teams.list())[0]
    const rows = [1, 2].map((i) =>
      signalRow(team.id, { author: 'vendor_pitch', platform: 'reddit', score: 9, publishedAt: hoursAgo(i) }),
    )
    await deps.repos.signals.insertMany(team.id, rows)
    for (const r of rows) await rateSignal(deps, team.id, { id: r.id, verdict: 'not_relevant' })
    const person = (
      await deps.repos.people.list(
        team.id,
        { withMuted: true, author: 'vendor_pitch' },
        {
          limit: 1,
          offset: 0,
          now: new Date().toISOString(),
        },
      )
    ).people
    // Asked for by name, the list finds them (docs/people.md#listing-people), with nothing of theirs counted.
    expect(person).toMatchObject([{ author: 'vendor_pitch', signals: 0, heat: 0 }])
    id = (await deps.database.client.execute("select id from people where author = 'vendor_pitch'")).rows[0]?.id
  })
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const)
    test(`their page says so, not "0, best 0" and "— to —" (${label})`, async () => {
      const view = await openPage(browser, app?.origin as string, { viewport, signedIn: annSignedIn })
      try {
        await view.goto(`/#/people/${id}`)
        await view.page.getByRole('heading', { name: /vendor_pitch/ }).waitFor()
        await view.page.locator('.signal').first().waitFor()
        await screenshot(view.page, `console-person-all-dismissed-${label}`)
        const facts = (await view.page.locator('.facts').textContent()) ?? ''
        expect(facts).toContain('None counted: each of their posts was judged not relevant')
        // Where the list still finds them: by name (docs/people.md#listing-people), not "not in the People list".
        expect(facts).toContain('the People list shows them only when searched by name')
        expect(facts).not.toContain('best 0')
        expect(facts).not.toContain('—')
        // Each post says it does not count, in words, not only in a fainter colour.
        expect(await view.page.locator('.signal.dismissed', { hasText: 'not counted' }).count()).toBe(2)
        expect(await view.page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true)
        // Muted, as a vendor is after their pitches were dismissed: Show muted finds them again, to unmute.
        if (label === 'desktop') {
          await view.page.getByRole('button', { name: 'Mute' }).click()
          await view.page.getByRole('button', { name: 'Unmute' }).waitFor()
          await view.page.getByRole('link', { name: '← People' }).click()
          await view.page.locator('.person').first().waitFor()
          expect(await view.page.locator('.person', { hasText: 'vendor_pitch' }).count()).toBe(0)
          await view.page.getByLabel('Show muted').check()
          const row = view.page.locator('.person', { hasText: 'vendor_pitch' })
          await row.waitFor()
          expect(await row.textContent()).toContain('no signal counted')
          await row.getByRole('link').click()
          await view.page.getByRole('button', { name: 'Unmute' }).click()
          await view.page.getByRole('button', { name: 'Mute' }).waitFor()
        }
      } finally {
        await view.close()
      }
    })
  test("not muted and nothing of theirs counted, another person's page still finds them to link", async () => {
    // Not muted and nothing of theirs counted: out of the People list, but still an account another person's page can
    // find and link (docs/console.md#people).
    const ann = (await deps.database.client.execute("select id from people where author = 'ann_ops'")).rows[0]?.id
    const view = await openPage(browser, app?.origin as string, { signedIn: annSignedIn })
    try {
      await view.goto(`/#/people/${ann}`)
      await view.page.getByLabel('Find an account by name').fill('vendor')
      await view.page.getByRole('button', { name: 'Find' }).click()
      const choice = view.page.getByLabel('The same person on another account').locator('option', { hasText: 'vendor' })
      await choice.waitFor({ state: 'attached' })
      expect(await choice.allTextContents()).toEqual(['vendor_pitch on Reddit'])
    } finally {
      await view.close()
    }
  })
})

describe('a name of thousands of characters (platform text: anyone can choose it)', () => {
  test('is cut at 100 characters in the list, on its page and on Signals, whole in the tooltip, at both widths', async () => {
    const team = (await deps.repos.teams.list())[0]
    const huge = `spam_${'\u05e9\u05dc\u05d5\u05dd'.repeat(300)}${'W'.repeat(2000)}`
    await deps.repos.signals.insertMany(team.id, [
      signalRow(team.id, { author: huge, platform: 'reddit', score: 9, publishedAt: hoursAgo(1) }),
    ])
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const view = await openPage(browser, app?.origin as string, { viewport, signedIn: annSignedIn })
      try {
        await view.goto('/#/people')
        const row = view.page.locator('.person', { hasText: 'spam_' })
        await row.waitFor()
        const link = row.getByRole('link')
        expect(((await link.textContent()) ?? '').length).toBe(101)
        expect(await link.locator('bdi').getAttribute('title')).toBe(huge)
        // One row, not pages of it pushing every other lead out of sight.
        expect((await row.boundingBox())?.height).toBeLessThan(400)
        await link.click()
        await view.page.locator('.signal').first().waitFor()
        const heading = view.page.getByRole('heading', { name: /spam_/ })
        expect(((await heading.locator('bdi').textContent()) ?? '').length).toBe(101)
        expect((await view.page.locator('.rows li', { hasText: 'spam_' }).boundingBox())?.height).toBeLessThan(400)
        expect((await heading.boundingBox())?.height).toBeLessThan(400)
        await view.goto('/#/people')
        await view.page.locator('.person').first().getByRole('link').click()
        const option = view.page
          .getByLabel('The same person on another account')
          .locator('option', { hasText: 'spam_' })
        await option.waitFor({ state: 'attached' })
        expect(((await option.textContent()) ?? '').length).toBeLessThan(120)
        // Their post on the Signals page names them the same way.
        await view.goto('/#/signals')
        const card = view.page.locator('.signal', { hasText: 'spam_' })
        await card.waitFor()
        expect(((await card.locator('.meta bdi').textContent()) ?? '').length).toBe(101)
        expect((await card.boundingBox())?.height).toBeLessThan(600)
      } finally {
        await view.close()
      }
    }
  })
})

/** Another team, its owner `email`, a person for each of `authors` (the first the newest), `muted` muted. */
async function teamOf(name: string, email: string, authors: string[], muted: string[]) {
  const { team } = await seedTeam(deps, { name })
  await createUser(deps, { team: name, email, role: 'owner', password: PASSWORD })
  const row = (author: string, i: number) =>
    signalRow(team.id, { author, platform: 'reddit', publishedAt: hoursAgo(i + 1) })
  await deps.repos.signals.insertMany(team.id, authors.map(row))
  for (const author of muted) {
    const sql = 'select id from people where team_id = ? and author = ?'
    const id = (await deps.database.client.execute({ sql, args: [team.id, author] })).rows[0]?.id
    await deps.repos.people.setMuted(team.id, String(id), true)
  }
}

describe('the People list filtered to nothing, and Show muted turned off on a later page', () => {
  test('says no one matches (not "No people yet") and goes back to the first page', async () => {
    // 20 people and 2 muted: 22 with Show muted, a second page of 2; 20 without, one page.
    const leads = Array.from({ length: 22 }, (_, i) => `lead_${i}`)
    await teamOf('beta', 'bo@beta.test', leads, ['lead_20', 'lead_21'])
    const view = await openPage(browser, app?.origin as string, { viewport: { width: 390, height: 844 } })
    const { page } = view
    try {
      await signIn(view, 'bo@beta.test', PASSWORD, '/#/people')
      await page.locator('.person').first().waitFor()
      await page.getByLabel('Show muted').check()
      await page.getByRole('button', { name: 'Next' }).click()
      await page.locator('.person', { hasText: 'lead_21' }).waitFor()
      expect(await page.locator('.person').count()).toBe(2)
      await page.getByLabel('Show muted').uncheck()
      await page.locator('.person', { hasText: 'lead_0' }).waitFor()
      expect(await page.locator('.person').count()).toBe(20)

      await page.getByLabel('Intent').selectOption('PAIN')
      await page.locator('.person').first().waitFor({ state: 'detached' })
      const empty = (await page.locator('main p.muted').textContent()) ?? ''
      expect(empty).not.toContain('No people yet')
      expect(empty).toContain('No one matches these filters')
    } finally {
      await view.close()
    }
  })
})

describe('a person with more posts than their page shows', () => {
  test('the page says it shows their latest posts, and where the rest are', async () => {
    const team = (await deps.repos.teams.list())[0]
    const rows = Array.from({ length: 205 }, (_, i) =>
      signalRow(team.id, { author: 'busy_bee', platform: 'github', score: 5, publishedAt: hoursAgo(i + 1) }),
    )
    await deps.repos.signals.insertMany(team.id, rows)
    const id = (await deps.database.client.execute("select id from people where author = 'busy_bee'")).rows[0]?.id
    const view = await openPage(browser, app?.origin as string, { signedIn: annSignedIn })
    try {
      await view.goto(`/#/people/${id}`)
      await view.page.locator('.signal').first().waitFor()
      expect(await view.page.locator('.signal').count()).toBe(200)
      await view.page.getByRole('heading', { name: 'Their latest 200 posts, oldest first' }).waitFor({ timeout: 5000 })
      await view.page
        .getByText('They have 205 signals counted: the signals export has them all.')
        .waitFor({ timeout: 5000 })
    } finally {
      await view.close()
    }
  })
})

describe('a team whose only people are muted', () => {
  test('the People list does not say "No people yet", and points to Show muted', async () => {
    await teamOf('gamma', 'cy@gamma.test', ['pitchy'], ['pitchy'])
    const view = await openPage(browser, app?.origin as string)
    try {
      await signIn(view, 'cy@gamma.test', PASSWORD, '/#/people')
      const empty = view.page.locator('main p.muted')
      await empty.waitFor()
      expect(await empty.textContent()).toBe('No one to show: the people you muted are under Show muted.')
    } finally {
      await view.close()
    }
  })
})

/** `team`'s every signal judged not relevant. */
async function dismissAll(teamName: string) {
  const team = (await deps.repos.teams.list()).find((t) => t.name === teamName) as { id: string }
  const rs = await deps.database.client.execute({ sql: 'select id from signals where team_id = ?', args: [team.id] })
  for (const r of rs.rows) await rateSignal(deps, team.id, { id: String(r.id), verdict: 'not_relevant' })
}

describe('a team none of whose people has a post that counts (docs/console.md#people)', () => {
  test('the list does not say "No people yet": it says why and shows them; a name finds one, at both widths', async () => {
    await teamOf('delta', 'di@delta.test', ['pitch_one', 'pitch_two', 'pitch_muted'], ['pitch_muted'])
    await dismissAll('delta')
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const view = await openPage(browser, app?.origin as string, { viewport })
      const { page } = view
      try {
        await signIn(view, 'di@delta.test', PASSWORD, '/#/people')
        const empty = page.locator('main p.muted')
        await empty.waitFor()
        expect(await empty.textContent()).not.toContain('No people yet')
        expect(await empty.textContent()).toContain('judged not relevant')
        // Shown, so that one can be opened and a post judged relevant again.
        await page.locator('.person', { hasText: 'pitch_one' }).waitFor()
        expect(await page.locator('.person').count()).toBe(3)
        expect(await page.locator('.person', { hasText: 'pitch_muted' }).textContent()).toContain('muted')
        await screenshot(page, `console-people-none-counted-${viewport.width}`)
        // A name finds a person whose every post was dismissed, as GET /api/v1/people?author= does.
        // The search's answer held a second, as on a slow link: what shows meanwhile is the list before it.
        await page.route(/\/people\?.*author=/, async (route) => {
          await Bun.sleep(1000)
          await route.continue()
        })
        await page.getByLabel('Name').fill('TWO')
        await page.getByRole('button', { name: 'Find' }).click()
        await page.locator('.person', { hasText: 'pitch_one' }).waitFor({ state: 'detached' })
        // The list searched for replaces the list before it at once: never "no one" while the search is on its way.
        expect(await page.locator('.person').allTextContents()).toEqual([expect.stringContaining('pitch_two')])
        expect(await page.locator('.person').textContent()).toContain('no signal counted')
        await page.getByLabel('Name').fill('nobody')
        await page.getByRole('button', { name: 'Find' }).click()
        await page.locator('.person').first().waitFor({ state: 'detached' })
        expect(await page.locator('main p.muted').textContent()).toContain('“nobody”')
        expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true)
      } finally {
        await view.close()
      }
    }
  })
})
