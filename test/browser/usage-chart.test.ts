// The Usage page's chart (docs/console.md#usage): hovering a bar says its day as a person reads a date, not the
// API's ISO day.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import { launchBrowser, listenForBrowser, openPage, signIn, stopConsole } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
const PASSWORD = 'correct horse battery'
const TODAY = new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  for (let i = 0; i < 3; i++) deps.repos.usageDays.add(team.id, TODAY)
  await deps.repos.usageDays.flush()
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('the usage chart', () => {
  test("a bar's hover text names its UTC day in words, with its count", async () => {
    const view = await openPage(browser, app?.origin as string, { timezoneId: 'America/Los_Angeles' })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, '/#/usage')
      const title = view.page.locator('.chart g title').last()
      await title.waitFor({ state: 'attached' })
      const day = new Date(`${TODAY}T00:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
      })
      expect(await title.textContent()).toBe(`${day} (UTC): 3 calls`)
    } finally {
      await view.close()
    }
  })
})
