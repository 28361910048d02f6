// Keyboard triage (docs/console.md#triage) onto a card taller than the window (a long post): the card's top, with
// its score, intent and author, is what shows, going down with j as coming back with k.
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
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
const LONG_POST = 'We compare CRMs for our sales team and want to hear what worked for you. '.repeat(80)

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  const post = (author: string, score: number, preview: string) =>
    signalRow(team.id, { author, score, preview, contentFull: preview, publishedAt: minutesAgo(10 - score) })
  await deps.repos.signals.insertMany(team.id, [
    post('first', 9, 'A short post.'),
    post('long_poster', 8, LONG_POST),
    post('third', 7, 'Another short post.'),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('j and k onto a card taller than the window', () => {
  test("the card's top shows, going down and coming back", async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: { width: 1280, height: 800 } })
    const { page } = view
    // Where the selected card is in the window (a box's y is from the window's top).
    const selected = async () => {
      const card = page.locator('.signal.selected')
      const box = await card.boundingBox()
      return {
        author: (await card.textContent())?.includes('long_poster'),
        top: box?.y ?? -1,
        taller: (box?.height ?? 0) > (page.viewportSize()?.height ?? 0),
      }
    }
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      await page.locator('.signal').nth(2).waitFor()
      await page.keyboard.press('j')
      expect(await selected()).toEqual({ author: true, top: expect.any(Number), taller: true })
      expect((await selected()).top).toBeGreaterThanOrEqual(0)
      await page.keyboard.press('j')
      await page.keyboard.press('k')
      expect((await selected()).author).toBe(true)
      expect((await selected()).top).toBeGreaterThanOrEqual(0)
    } finally {
      await view.close()
    }
  })
})
