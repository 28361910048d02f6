// The phone's menu (docs/console.md) is a list of links that opens below the bar, not a dialog: it closes when the
// keyboard leaves it for the page, as it does on Escape, rather than trapping Tab. It stayed open: Tab from Sign out
// went on into the page below a menu that still filled the screen, the control with the keyboard pushed out of view.
import { describe, expect, test } from 'bun:test'
import { openPage, screenshot, signIn } from '../support/browser'
import { focused } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test', keywords: ['crm'] })
const PHONE = { width: 390, height: 844 }

describe("the phone's menu and Tab", () => {
  test('Tab out of the menu into the page closes it; Shift+Tab back to Menu keeps it open', async () => {
    const view = await openPage(con.browser, con.app.origin, { viewport: PHONE })
    const { page } = view
    try {
      await signIn(view, con.owner, OWNER_PASSWORD, '/#/keywords')
      const menu = page.getByRole('button', { name: 'Menu' })
      const links = page.getByRole('navigation').getByRole('link')
      await page.locator('main h1').waitFor()
      await menu.focus()
      await page.keyboard.press('Enter')
      await links.first().waitFor()
      // Into the menu and back to its button: still open, as the button is the menu's own.
      await page.keyboard.press('Tab')
      expect(await focused(page)).toBe('A Signals')
      await page.keyboard.press('Shift+Tab')
      expect(await menu.getAttribute('aria-expanded')).toBe('true')
      // Through every link and Sign out, then one Tab more: into the page, and the menu closes.
      const stops = (await links.count()) + 1
      for (let i = 0; i < stops; i++) await page.keyboard.press('Tab')
      expect(await focused(page)).toBe('BUTTON Sign out')
      await page.keyboard.press('Tab')
      await links.first().waitFor({ state: 'hidden', timeout: 3000 })
      expect(await menu.getAttribute('aria-expanded')).toBe('false')
      // The keyboard went on to the page's first field, which is in view now the menu is gone.
      const input = page.getByLabel('Keyword or query')
      expect(await input.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true)
      const box = await input.boundingBox()
      expect(box !== null && box.y + box.height <= PHONE.height).toBe(true)
      await screenshot(page, 'menu-tab-out-390')
    } finally {
      await view.close()
    }
  })
})
