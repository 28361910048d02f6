// The console tells a server failure from "not signed in" (issue 33, defect 6): when the session check fails for
// another reason than 401, the page says the server failed and offers to try again, instead of the sign-in form.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { closeBrowser, launchBrowser, listenForBrowser, navigateTo, openPage, signIn } from '../support/browser'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => closeBrowser(browser))

/** A server with the team acme and its owner ann, and a page on it. */
async function consoleOfAcme() {
  // Today, not the suite's fixed date: a browser drops a session cookie whose expiry has passed by its own clock.
  const { deps } = await testDeps({ now: new Date().toISOString() })
  await seedTeam(deps, { name: 'acme' })
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
  const app = listenForBrowser(deps)
  return { deps, app, view: await openPage(browser, app.origin) }
}

describe('the console when the server fails', () => {
  test('a database that cannot be read: "cannot load" with the reason and a retry, not the sign-in form', async () => {
    const { deps, app, view } = await consoleOfAcme()
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
  test('a page opened while the database cannot be read says so, instead of showing the team with nothing', async () => {
    const { deps, app, view } = await consoleOfAcme()
    try {
      await signIn(view, 'ann@acme.test', 'correct horse battery')
      await view.page.getByRole('heading', { name: 'Signals', exact: true }).waitFor()
      // The session was checked when the console opened; the database goes away after that.
      deps.database.client.close()
      const seen: Record<string, string> = {}
      const loading: Record<string, number> = {}
      for (const name of ['Keywords', 'ICP profiles', 'Usage', 'Settings', 'People', 'Destinations', 'Sources']) {
        await navigateTo(view.page, name)
        await view.page.getByRole('heading', { name, level: 1 }).waitFor()
        const alert = view.page.getByRole('alert').first()
        await alert.waitFor({ timeout: 3000 }).catch(() => {})
        seen[name] = ((await alert.isVisible()) && (await alert.textContent())) || 'no alert'
        // Nor does a list that could not be read say the team has none, or that it is still loading.
        expect(await view.page.getByText(/^No (keywords|destinations) yet/).count()).toBe(0)
        loading[name] = await view.page
          .locator('main')
          .getByText(/^Loading/)
          .count()
      }
      for (const [name, text] of Object.entries(seen)) expect({ name, text }).toEqual({ name, text: 'internal error' })
      expect(loading).toEqual(Object.fromEntries(Object.keys(seen).map((name) => [name, 0])))
    } finally {
      await view.close()
      app.stop()
    }
  })
})

describe('the console when the server cannot be reached', () => {
  test('a change and a page read say the server cannot be reached, not the browser\'s "Failed to fetch"', async () => {
    const { deps, app, view } = await consoleOfAcme()
    try {
      await signIn(view, 'ann@acme.test', 'correct horse battery')
      await navigateTo(view.page, 'Keywords')
      await view.page.getByText('No keywords yet').waitFor()
      // The server stops while the page is open (a restart, the network gone).
      app.stop()
      await view.page.getByLabel('Keyword or query').fill('crm')
      await view.page.getByRole('button', { name: 'Add' }).click()
      const alert = view.page.getByRole('alert').first()
      await alert.waitFor()
      expect(await alert.textContent()).toContain('The server cannot be reached')
      await navigateTo(view.page, 'Usage')
      await view.page.getByRole('heading', { name: 'Usage', level: 1 }).waitFor()
      await alert.waitFor()
      expect(await alert.textContent()).toContain('The server cannot be reached')
      expect(await view.page.getByText('Failed to fetch').count()).toBe(0)
    } finally {
      await view.close()
      deps.database.client.close()
    }
  })
  test('the Signals page opened with the server gone says so once, and leaves no uncaught error', async () => {
    const { deps, app, view } = await consoleOfAcme()
    try {
      await signIn(view, 'ann@acme.test', 'correct horse battery')
      await navigateTo(view.page, 'Keywords')
      await view.page.getByText('No keywords yet').waitFor()
      app.stop()
      const before = view.errors.length
      await navigateTo(view.page, 'Signals')
      await view.page.getByRole('heading', { name: 'Signals', level: 1 }).waitFor()
      const alert = view.page.getByRole('alert').first()
      await alert.waitFor()
      expect(await alert.textContent()).toContain('The server cannot be reached')
      // The filters' keyword and platform lists were read with no handler: each left an uncaught rejection.
      await view.page.waitForTimeout(500)
      expect(view.errors.slice(before).filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
    } finally {
      await view.close()
      deps.database.client.close()
    }
  })
  test('Sign out the server did not get says so and keeps the page, rather than a sign-in form over a live session', async () => {
    const { deps, app, view } = await consoleOfAcme()
    try {
      await signIn(view, 'ann@acme.test', 'correct horse battery')
      await view.page.getByRole('heading', { name: 'Signals', exact: true }).waitFor()
      app.stop()
      await view.page.getByRole('button', { name: 'Sign out' }).click()
      // A read the page had in flight when the server stopped may fail first, with its own alert: the one looked for
      // is Sign out's (it times out, failing, if Sign out says nothing or something else).
      const alert = view.page.getByRole('alert').filter({ hasText: 'Not signed out' })
      await alert.waitFor()
      expect(await alert.count()).toBe(1)
      expect(await view.page.getByRole('button', { name: 'Sign in' }).count()).toBe(0)
      expect(await view.page.getByRole('button', { name: 'Sign out' }).count()).toBe(1)
    } finally {
      await view.close()
      deps.database.client.close()
    }
  })
})
