// The console tells a server failure from "not signed in" (issue 33, defect 6): when the session check fails for
// another reason than 401, the page says the server failed and offers to try again, instead of the sign-in form.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { closeBrowser, launchBrowser, listenForBrowser, openPage } from '../support/browser'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => closeBrowser(browser))

describe('the console when the server fails', () => {
  test('a database that cannot be read: "cannot load" with the reason and a retry, not the sign-in form', async () => {
    // Today, not the suite's fixed date: a browser drops a session cookie whose expiry has passed by its own clock.
    const { deps } = await testDeps({ now: new Date().toISOString() })
    await seedTeam(deps, { name: 'acme' })
    await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
    const app = listenForBrowser(deps)
    const view = await openPage(browser, app.origin)
    try {
      await view.goto('/')
      await view.page.getByRole('button', { name: 'Sign in' }).waitFor()
      const signedIn = await view.page.evaluate(async () => {
        const body = JSON.stringify({ email: 'ann@acme.test', password: 'correct horse battery' })
        const res = await fetch('/console/api/session', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        })
        return res.status
      })
      expect(signedIn).toBe(200)
      // The server keeps running, its database goes away: the session check now answers 5xx.
      deps.database.client.close()
      await view.goto('/')
      const alert = view.page.getByRole('alert')
      await alert.waitFor()
      expect(await alert.textContent()).toContain('The console cannot load')
      expect(await alert.textContent()).toMatch(/answered 5\d\d/)
      expect(await view.page.getByRole('button', { name: 'Try again' }).count()).toBe(1)
      expect(await view.page.getByRole('button', { name: 'Sign in' }).count()).toBe(0)
    } finally {
      await view.close()
      app.stop()
    }
  })
})
