// The Signals page of a team with no signal yet (docs/console.md#getting-started), in Chromium at a laptop's and a
// phone's size: what is set up, when polling runs next, and a checklist that ticks itself from the server's state.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { SEARCH_PLATFORMS } from '../../src/config/platform-names'
import type { Deps } from '../../src/deps'
import { addIcp } from '../../src/domain/icps/icps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  navigateTo,
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
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  teamId = (await seedTeam(deps, { name: 'fresh' })).team.id
  await createUser(deps, { team: 'fresh', email: 'new@fresh.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

const step = (view: ServicePage, title: string) => view.page.locator('.checklist li', { hasText: title })
const ticked = async (view: ServicePage, title: string) =>
  (await step(view, title).getAttribute('class'))?.split(' ').includes('done') ?? false
/** Back to the Signals page, which reads the state again. */
const reopen = async (view: ServicePage) => {
  await navigateTo(view.page, 'Keywords')
  await navigateTo(view.page, 'Signals')
  await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
}
const noSideways = (view: ServicePage) => fitsWidth(view.page)

describe('getting started on the Signals page', () => {
  test('a new team sees what is set up and what to do next; the checklist ticks as the state changes, and goes with the first signal', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[1]?.viewport })
    try {
      await signIn(view, 'new@fresh.test', PASSWORD)
      await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await view.page.getByText(/^The next polling pass starts in .+, at .+\.$/).count()).toBe(1)
      // The keyless sources are usable as installed; nothing else is set up yet.
      expect(await ticked(view, 'A source to search')).toBe(true)
      expect(await step(view, 'A source to search').textContent()).toContain('Hacker News')
      // None has been searched or read yet: none is said to answer ("Answering: GitHub." on a server without internet).
      expect(await step(view, 'A source to search').textContent()).toMatch(/Set up, not tried yet: Hacker News[,.]/)
      expect(await step(view, 'A source to search').textContent()).not.toContain('Answering')
      for (const todo of ['A keyword', 'An ICP profile', 'A first polling pass', 'A first signal'])
        expect(await ticked(view, todo)).toBe(false)
      // Its keywords are not said to be waiting for a search: it has none.
      expect(await step(view, 'A first polling pass').textContent()).toContain('Nothing to search yet')
      // What to do next names the first step left and links to its page.
      const next = view.page.locator('.next')
      expect(await next.textContent()).toContain('Add the words your buyers use')
      expect(await next.getByRole('link', { name: 'Keywords' }).getAttribute('href')).toBe('#/keywords')
      expect(await noSideways(view)).toBe(true)
      await screenshot(view.page, 'getting-started-empty-phone')

      // A keyword added on the Keywords page: the next visit to Signals has it ticked.
      await navigateTo(view.page, 'Keywords')
      await view.page.getByLabel('Keyword or query').fill('crm')
      await view.page.getByRole('button', { name: 'Add' }).click()
      await view.page.locator('td[data-label="Keyword"]', { hasText: /^crm$/ }).waitFor()
      await reopen(view)
      expect(await ticked(view, 'A keyword')).toBe(true)
      expect(await step(view, 'A keyword').textContent()).toContain('Tracking crm.')
      expect(await view.page.locator('.next').textContent()).toContain('ICP profiles')

      // A profile made elsewhere (the API, a teammate) and a pass that searched the keyword: both tick.
      await addIcp(deps, { teamId, name: 'Ops', description: 'Operations leads at logistics firms', competitors: [] })
      await deps.database.client.execute({
        sql: "insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values ('hackernews', 'crm', null, '[]', ?)",
        args: [new Date().toISOString()],
      })
      await reopen(view)
      expect(await ticked(view, 'An ICP profile')).toBe(true)
      expect(await ticked(view, 'A first polling pass')).toBe(true)
      expect(await ticked(view, 'A first signal')).toBe(false)
      // The longest keyword a team may track, with no space in it, wraps within the phone's width.
      await addKeywords(deps, { teamId, keywords: [`site:${'x'.repeat(190)}.com`] })
      await reopen(view)
      expect(await noSideways(view)).toBe(true)
      await screenshot(view.page, 'getting-started-ticked-phone')

      // The first signal: the checklist goes and the signal is listed.
      await deps.repos.signals.insertMany(teamId, [
        {
          id: 'sig_first',
          teamId,
          platform: 'hackernews',
          postId: 'first',
          author: 'pat',
          intent: 'ACTIVE',
          score: 8,
          reason: 'asks which CRM to buy',
          icpMatch: 'Ops',
          preview: 'Which CRM should a 10-person logistics firm buy?',
          contentFull: null,
          url: 'https://news.ycombinator.com/item?id=1',
          keyword: 'crm',
          publishedAt: new Date().toISOString(),
          detectedAt: new Date().toISOString(),
        },
      ])
      await navigateTo(view.page, 'Keywords')
      await navigateTo(view.page, 'Signals')
      await view.page.getByText('Which CRM should a 10-person logistics firm buy?').waitFor()
      expect(await view.page.locator('.checklist').count()).toBe(0)
      expect(view.foreignRequests).toEqual([])
    } finally {
      await view.close()
    }
  })

  test('at a laptop’s size the empty page fits, with its links to the pages that do each step', async () => {
    const other = await seedTeam(deps, { name: 'second' })
    await createUser(deps, { team: 'second', email: 'sam@second.test', role: 'owner', password: PASSWORD })
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[0]?.viewport })
    try {
      await signIn(view, 'sam@second.test', PASSWORD)
      await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(other.team.id).not.toBe(teamId)
      for (const href of ['#/sources', '#/keywords', '#/icp-profiles'])
        expect(await view.page.locator(`.getting-started a[href="${href}"]`).count()).toBeGreaterThan(0)
      expect(await noSideways(view)).toBe(true)
      await screenshot(view.page, 'getting-started-empty-desktop')
    } finally {
      await view.close()
    }
  })

  // A keyword another team tracks was searched before this team tracked it: that search kept nothing for this team
  // (docs/operations.md#what-a-pass-does: a team tracking a keyword after the last pass gets everything fetched at the
  // next one), so its first pass is still to come. It was ticked, and "What to do next" asked for a broader query.
  test('a search of the keyword from before the team tracked it is not the team’s first pass', async () => {
    const late = (await seedTeam(deps, { name: 'late' })).team.id
    await createUser(deps, { team: 'late', email: 'lee@late.test', role: 'owner', password: PASSWORD })
    const tracked = deps.clock.now().getTime()
    const cursor = (minutes: number) =>
      deps.database.client.execute({
        sql: "insert into poll_cursors (platform, keyword_lc, newest_at, newest_ids, polled_at) values ('hackernews', 'erp', null, '[]', ?) on conflict (platform, keyword_lc) do update set polled_at = excluded.polled_at",
        args: [new Date(tracked + minutes * 60_000).toISOString()],
      })
    await cursor(-10)
    await addKeywords(deps, { teamId: late, keywords: ['erp'] })
    await addIcp(deps, {
      teamId: late,
      name: 'Ops',
      description: 'Operations leads at logistics firms',
      competitors: [],
    })
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[1]?.viewport })
    try {
      await signIn(view, 'lee@late.test', PASSWORD)
      await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await ticked(view, 'A first polling pass')).toBe(false)
      expect(await step(view, 'A first polling pass').textContent()).toContain('have not been searched yet')
      await screenshot(view.page, 'getting-started-first-pass-phone')
      await view.page.setViewportSize(SIZES[0]?.viewport as { width: number; height: number })
      await screenshot(view.page, 'getting-started-first-pass-desktop')
      const next = view.page.locator('.next')
      expect(await next.textContent()).toContain('Wait for the next pass')
      // Or run one now, on the server, for this team: the command as the operator types it
      // (docs/operations.md#schedule).
      expect(await next.locator('code').textContent({ timeout: 5000 })).toBe('lead-signals poll --once --team late')
      // The next pass searches it for this team too.
      await cursor(1)
      await reopen(view)
      expect(await ticked(view, 'A first polling pass')).toBe(true)
    } finally {
      await view.close()
    }
  })

  // Source health is the server's: these failures stay for the tests after this one.
  test('some sources failing lately: the step names those answering and those failing apart, by their names', async () => {
    await seedTeam(deps, { name: 'patchy' })
    await createUser(deps, { team: 'patchy', email: 'pia@patchy.test', role: 'owner', password: PASSWORD })
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
    await deps.repos.platformHealth.recordSuccess('hackernews', minutesAgo(6))
    await deps.repos.platformHealth.recordFailure('devto', minutesAgo(1), 'devto could not be reached')
    await deps.repos.platformHealth.recordFailure('stackoverflow', minutesAgo(2), 'stackoverflow answered 503')
    await deps.repos.platformHealth.recordFailure('github', minutesAgo(3), 'github answered 403')
    for (const size of SIZES) {
      const view = await openPage(browser, app?.origin as string, { viewport: size.viewport })
      try {
        await signIn(view, 'pia@patchy.test', PASSWORD)
        await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
        const text = (await step(view, 'A source to search').textContent()) ?? ''
        // It read "Usable now: hackernews, stackoverflow, github, devto. Failing: devto, stackoverflow, github".
        expect(text).toMatch(/Answering: Hacker News[,.]/)
        expect(text).toContain('Set up but failing lately: dev.to, Stack Overflow, GitHub.')
        expect(text).not.toMatch(/Answering:[^.]*(dev\.to|Stack Overflow|GitHub)/)
        expect(await ticked(view, 'A source to search')).toBe(true)
        expect(await noSideways(view)).toBe(true)
        await screenshot(view.page, `getting-started-patchy-${size.name}`)
      } finally {
        await view.close()
      }
    }
  })

  // Last: source health is the server's, not a team's, and this test leaves every source failing.
  test('when every usable source failed its last try, the list says so and what to check, not to wait', async () => {
    const offline = (await seedTeam(deps, { name: 'offline' })).team.id
    await createUser(deps, { team: 'offline', email: 'oz@offline.test', role: 'owner', password: PASSWORD })
    const at = new Date(Date.now() - 5 * 60_000).toISOString()
    for (const platform of SEARCH_PLATFORMS)
      await deps.repos.platformHealth.recordFailure(platform, at, `${platform} could not be reached`)
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[0]?.viewport })
    try {
      await signIn(view, 'oz@offline.test', PASSWORD)
      await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await ticked(view, 'A source to search')).toBe(false)
      const first = (await step(view, 'A source to search').textContent()) ?? ''
      expect(first).toContain('None of the sources set up here answered its last try. ')
      // One sentence per platform, up to four by name, its name once (not again as the server's id, "hackernews").
      expect(first).toMatch(/[\w. ()]+: last try 5 min ago, could not be reached\./)
      expect(first).not.toMatch(/[a-z]+ could not/)
      expect(await view.page.locator('.next').textContent()).toContain('Check that this server can reach its sources')
      // The team tracks no keyword yet: no search of its keywords could have answered (it said none had).
      expect(await step(view, 'A first polling pass').textContent()).toContain(
        'Nothing to search yet: your team tracks no keyword.',
      )
      expect(await noSideways(view)).toBe(true)
      await screenshot(view.page, 'getting-started-failing-desktop')
      await addKeywords(deps, { teamId: offline, keywords: ['wms'] })
      await reopen(view)
      expect(await step(view, 'A first polling pass').textContent()).toContain(
        'No search of your keywords has answered yet.',
      )
    } finally {
      await view.close()
    }
  })
  test('a team whose plan includes no platform is told so, and who can change it, not to configure a source', async () => {
    await seedTeam(deps, { name: 'planless', plan: 'starter' }) // starter: platforms = [] by default
    await createUser(deps, { team: 'planless', email: 'pat@planless.test', role: 'owner', password: PASSWORD })
    const view = await openPage(browser, app?.origin as string, { viewport: SIZES[1]?.viewport })
    try {
      await signIn(view, 'pat@planless.test', PASSWORD)
      await view.page.getByRole('heading', { name: 'No signals yet' }).waitFor()
      expect(await ticked(view, 'A source to search')).toBe(false)
      // It said "None is usable yet; need no key." and sent the team to configure a source it could not use.
      expect(await step(view, 'A source to search').textContent()).toContain('Your plan includes no platform.')
      const next = (await view.page.locator('.next').textContent()) ?? ''
      expect(next).toContain('team set --team TEAM --plan PLAN')
      expect(next).not.toContain('Configure a source')
      expect(await noSideways(view)).toBe(true)
    } finally {
      await view.close()
    }
  })
})
