// The ICP profiles page of a new team (docs/console.md#getting-started): it says there is none yet and what one is
// for, as the Keywords and Destinations pages do, and stops saying so once a profile is added.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, navigateTo, openPage, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  await seedTeam(deps, { name: 'fresh' })
  await createUser(deps, { team: 'fresh', email: 'new@fresh.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('ICP profiles with none yet', () => {
  test('the page says so and what a profile is for, until one is added', async () => {
    const view = await openPage(browser, app?.origin as string, { viewport: { width: 390, height: 844 } })
    const { page } = view
    try {
      await signIn(view, 'new@fresh.test', PASSWORD)
      await navigateTo(page, 'ICP profiles')
      const none = page.getByText(/^No ICP profiles yet: /)
      await none.waitFor()
      expect(await none.textContent()).toContain('fits best')
      await page.getByLabel('Name').fill('Agencies')
      await page.getByLabel('Description').fill('Marketing agencies of 5 to 50 people')
      await page.getByRole('button', { name: 'Add' }).click()
      await page.getByRole('heading', { name: 'Agencies' }).waitFor()
      expect(await none.count()).toBe(0)
    } finally {
      await view.close()
    }
  })
})
