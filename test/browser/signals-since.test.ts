// The Signals page's Since filter is a day of the calendar the user reads the page in: its local midnight, as every
// time on the page is local (docs/console.md#the-signals-page). In Chromium set to Tokyo (UTC+9).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, signIn, stopConsole } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps

const PASSWORD = 'correct horse battery'
// 05:00 in Tokyo on 4 and on 3 November: the UTC date of each is the day before.
const FOURTH = '2026-11-03T20:00:00.000Z'
const THIRD = '2026-11-02T20:00:00.000Z'

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  const [a, b] = crmSignals(team.id, 2)
  await deps.repos.signals.insertMany(team.id, [
    { ...a, publishedAt: FOURTH },
    { ...b, publishedAt: THIRD },
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('the Since filter', () => {
  test('Since 4 November in Tokyo keeps the post of 05:00 on the 4th there and leaves out the one of the 3rd', async () => {
    if (!app) throw new Error('no app')
    const view = await openPage(browser, app.origin, { timezoneId: 'Asia/Tokyo' })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await view.page.locator('.count', { hasText: 'Signals 1–2 of 2' }).waitFor()
      await view.page.getByLabel('Since').fill('2026-11-04')
      const count = view.page.locator('.count')
      await count.filter({ hasText: /of 1$|No signals/ }).waitFor()
      expect(await count.textContent()).toBe('Signals 1–1 of 1')
      expect(await view.page.locator('.signal').textContent()).toContain('post number 0 about a crm')
      // The address keeps the day as picked, and the export has the same signals as the list.
      expect(new URL(view.page.url()).hash).toBe('#/signals?since=2026-11-04')
      const href = await view.page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')
      expect(new URL(href ?? '', app.origin).searchParams.get('since')).toBe('2026-11-03T15:00:00.000Z')
      // A refused export's page links back with that instant: the box shows the day picked, and the list is the same.
      await view.goto('/#/signals?since=2026-11-03T15%3A00%3A00.000Z')
      await view.page.reload()
      await count.filter({ hasText: 'Signals 1–1 of 1' }).waitFor()
      expect(await view.page.getByLabel('Since').inputValue()).toBe('2026-11-04')
    } finally {
      await view.close()
    }
  })
})
