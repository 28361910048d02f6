// Signing in and out by the keyboard alone (docs/console.md#sign-in): Email holds it on load, Tab goes to Password,
// Enter signs in. The form then gave way to the Signals page with the keyboard on nothing (the body): a screen reader
// said nothing of the page now open. The page's heading takes it, as after any move to another page, and the next Tab
// goes on to the bar. Sign out by Enter puts it back in Email.
import { describe, expect, test } from 'bun:test'
import { openPage } from '../support/browser'
import { focused, focusSettlesOn } from '../support/focus'
import { oneTeamConsole, OWNER_PASSWORD, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('signing in and out by the keyboard', () => {
  for (const [size, viewport] of SIZES)
    test(`Enter signs in, the keyboard on the page's heading; Sign out puts it in Email (${size})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await view.goto('/')
        await page.getByLabel('Email').waitFor()
        await focusSettlesOn(page, 'INPUT ')
        await page.keyboard.type(con.owner)
        await page.keyboard.press('Tab')
        expect(await page.getByLabel('Password').evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true)
        await page.keyboard.type(OWNER_PASSWORD)
        await page.keyboard.press('Enter')
        await page.locator('main h1').waitFor()
        await focusSettlesOn(page, 'H1 Signals')
        // On into the page (a team with nothing yet: its first steps), once drawn. Back, past the heading, to the bar's
        // end (Menu on a phone).
        await page.getByRole('heading', { name: 'No signals yet' }).waitFor()
        expect(await focused(page)).toBe('H1 Signals')
        await page.keyboard.press('Tab')
        expect(await page.evaluate('document.querySelector("main").contains(document.activeElement)')).toBe(true)
        await page.keyboard.press('Shift+Tab')
        expect(await focused(page)).toBe(size === 'phone' ? 'BUTTON Menu' : 'BUTTON Sign out')
        if (size === 'phone') await page.keyboard.press('Enter')
        // Through every link of the bar (Shift+Tab back to the first, once) to Sign out.
        for (let i = 0; i < 20 && (await focused(page)) !== 'BUTTON Sign out'; i++) await page.keyboard.press('Tab')
        await page.keyboard.press('Shift+Tab')
        expect(await focused(page)).toBe('A API docs')
        await page.keyboard.press('Tab')
        expect(await focused(page)).toBe('BUTTON Sign out')
        await page.keyboard.press('Enter')
        await page.getByLabel('Email').waitFor()
        await focusSettlesOn(page, 'INPUT ')
        expect(await page.getByLabel('Email').evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true)
      } finally {
        await view.close()
      }
    })
})
