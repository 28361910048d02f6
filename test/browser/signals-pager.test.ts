// The Signals page's pager at its far edge: the last page emptied by verdicts (docs/console.md#verdicts), with the
// real app on a real socket and database file, in Chromium.
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

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({ config: { database: { url: ws.dbUrl } }, now: new Date().toISOString() }))
  const { team } = await seedTeam(deps, { name: 'acme' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  await deps.repos.signals.insertMany(team.id, crmSignals(team.id, 23))
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

describe('the Signals pager', () => {
  test('the last page emptied by Not relevant shows the page before it, not "Signals 21–20 of 20" and nothing', async () => {
    if (!app) throw new Error('no app')
    const view = await openPage(browser, app.origin)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD)
      const count = view.page.locator('.count')
      await count.filter({ hasText: 'Signals 1–20 of 23' }).waitFor()
      await view.page.getByRole('button', { name: 'Next' }).click()
      await count.filter({ hasText: 'Signals 21–23 of 23' }).waitFor()
      for (const left of [22, 21, 20]) {
        await view.page.locator('.signal').first().getByRole('button', { name: 'Not relevant' }).click()
        await count.filter({ hasText: ` of ${left}` }).waitFor()
      }
      await count.filter({ hasText: 'Signals 1–20 of 20' }).waitFor({ timeout: 5000 })
      expect(await view.page.locator('.signal').count()).toBe(20)
      expect(await view.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true)
      // Undo still works from there: the signal comes back, and the list has a second page again.
      await view.page.getByRole('button', { name: 'Undo' }).click()
      await count.filter({ hasText: 'Signals 1–20 of 21' }).waitFor()
      expect(await view.page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(false)
    } finally {
      await view.close()
    }
  })
})
