// A person's "Seen" line (docs/console.md#people) reads to the minute: two posts in the same minute show one time,
// two posts a few seconds apart across a minute's turn show both.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
const ids: Record<string, string> = {}

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  const post = (author: string, publishedAt: string) =>
    signalRow(team.id, { author, platform: 'reddit', publishedAt, detectedAt: publishedAt })
  await deps.repos.signals.insertMany(team.id, [
    // 45 seconds apart, the same minute.
    post('same_minute', '2026-11-20T09:15:05.000Z'),
    post('same_minute', '2026-11-20T09:15:50.000Z'),
    // 15 seconds apart, two minutes.
    post('two_minutes', '2026-11-20T09:15:50.000Z'),
    post('two_minutes', '2026-11-20T09:16:05.000Z'),
  ])
  for (const author of ['same_minute', 'two_minutes']) {
    const row = await deps.database.client.execute({ sql: 'select id from people where author = ?', args: [author] })
    ids[author] = String(row.rows[0]?.id)
  }
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('the Seen line of a person page', () => {
  test('one time for two posts in the same minute, a range for two posts either side of a minute', async () => {
    const view = await openPage(browser, app?.origin as string, { timezoneId: 'UTC' })
    const { page } = view
    // The minute as this browser writes it ("Nov 20, 2026, 9:15 AM" in English).
    const minute = (iso: string) =>
      page.evaluate((t) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }), iso)
    const seen = async (author: string) => {
      await view.goto(`/#/people/${ids[author]}`)
      await page.getByRole('heading', { name: new RegExp(author) }).waitFor()
      return (await page.locator('dt:text-is("Seen") + dd').textContent())?.trim()
    }
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/people')
      await page.locator('.person').first().waitFor()
      expect(await seen('same_minute')).toBe(await minute('2026-11-20T09:15:00.000Z'))
      expect(await seen('two_minutes')).toBe(
        `${await minute('2026-11-20T09:15:00.000Z')} to ${await minute('2026-11-20T09:16:00.000Z')}`,
      )
    } finally {
      await view.close()
    }
  })
})
