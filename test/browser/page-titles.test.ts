// The window's title says which console page is open (docs/console.md#addresses): it is what a screen reader reads
// first on a page, and what a tab, the window list and a bookmark show. Every page was titled "lead-signals" alone,
// so nine tabs of the console read the same and a screen reader user heard nothing change on moving to another page.
import { describe, expect, test } from 'bun:test'
import { navigateTo, openPage, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

const PAGES = ['People', 'Keywords', 'ICP profiles', 'Usage', 'Sources', 'Destinations', 'Settings', 'Signals']

describe('Page titles', () => {
  for (const [label, viewport] of SIZES)
    test(`each page's name is in the window's title, from sign-in on (${label})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await view.goto('/')
        await page.getByLabel('Email').waitFor()
        expect(await page.title()).toBe('Sign in · lead-signals')
        await signIn(view, con.owner, OWNER_PASSWORD)
        await page.getByRole('heading', { level: 1, name: 'Signals', exact: true }).waitFor()
        expect(await page.title()).toBe('Signals · lead-signals')
        for (const name of PAGES) {
          await navigateTo(page, name)
          await page.getByRole('heading', { level: 1, name, exact: true }).waitFor()
          expect(await page.title()).toBe(`${name} · lead-signals`)
        }
        await view.goto('/#/no-such-thing')
        await page.getByRole('heading', { level: 1, name: 'No such page', exact: true }).waitFor()
        expect(await page.title()).toBe('No such page · lead-signals')
      } finally {
        await view.close()
      }
    })
})
