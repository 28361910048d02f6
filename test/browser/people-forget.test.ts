// Forget this person on a person's page (docs/console.md#people, docs/people.md#forget) in Chromium at a desktop and
// a phone width: it asks first, saying what goes, that it cannot be undone and that what was sent stays sent; Cancel
// keeps everything; Yes removes them and goes back to the People list, where they no longer are.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
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

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await deps.repos.signals.insertMany(
    team.id,
    ['ann_ops', 'ann_ops', 'eve_desk', 'bob'].map((author, i) =>
      signalRow(team.id, { author, platform: 'reddit', score: 9 - i, publishedAt: new Date().toISOString() }),
    ),
  )
  await createUser(deps, { team: 'acme', email: 'member@acme.test', role: 'member', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

const signalsOf = async (author: string) =>
  Number(
    (await deps.database.client.execute({ sql: 'select count(*) as n from signals where author = ?', args: [author] }))
      .rows[0]?.n,
  )

for (const [label, viewport, author] of [
  ['desktop', { width: 1280, height: 800 }, 'ann_ops'],
  ['phone', { width: 390, height: 844 }, 'eve_desk'],
] as const) {
  describe(`Forget this person at ${viewport.width}×${viewport.height}`, () => {
    test('asks first, Cancel keeps them, Yes removes them and goes back to People', async () => {
      const view = await openPage(browser, app?.origin as string, { viewport })
      const { page } = view
      try {
        // A member may forget, as a member may revoke a key.
        await signIn(view, 'member@acme.test', PASSWORD, '/#/people')
        // From here on (the sign-in page's own check of the session is a 401 by design).
        const errorsBefore = view.errors.length
        await page.getByRole('link', { name: author }).click()
        await page.getByRole('heading', { name: new RegExp(author) }).waitFor()
        const ask = page.getByRole('button', { name: `Forget this person ${author} on Reddit` })
        await screenshot(page, `console-person-${label}`)
        await ask.click()
        const dialog = page.getByRole('group', { name: `Confirm: Forget this person ${author} on Reddit` })
        const text = (await dialog.textContent()) ?? ''
        expect(text).toContain(`Forget ${author}? This removes them, all their posts here`)
        expect(text).toContain('It cannot be undone.')
        expect(text).toContain('Alerts already sent and files already exported cannot be recalled.')
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `console-person-forget-${label}`)
        await dialog.getByRole('button', { name: 'Cancel' }).click()
        await ask.waitFor()
        expect(await signalsOf(author)).toBeGreaterThan(0)

        await ask.click()
        await dialog.getByRole('button', { name: 'Yes, forget this person' }).click()
        await page.waitForURL(/#\/people$/)
        await page.locator('.person').first().waitFor()
        expect(await page.locator('.person').allTextContents()).not.toContainEqual(expect.stringContaining(author))
        expect(await signalsOf(author)).toBe(0)
        expect(await page.locator('.person').allTextContents()).toContainEqual(expect.stringContaining('bob'))
        expect(view.errors.slice(errorsBefore)).toEqual([])
        // Back (or an old link to their page): it says they are not here any more, and leads back to People, not
        // only "no person per_…" in red.
        await page.goBack()
        const said = page.locator('main p.error')
        await said.waitFor()
        expect(await said.textContent()).toContain('forgotten')
        await page.getByRole('link', { name: '← People' }).click()
        await page.locator('.person').first().waitFor()
      } finally {
        await view.close()
      }
    })
  })
}
