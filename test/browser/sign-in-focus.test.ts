// The sign-in page (docs/console.md#sign-in) puts the keyboard in Email on load, as sign-in forms do: a keyboard
// user types the address at once instead of first tabbing to it from nowhere.
import { describe, expect, test } from 'bun:test'
import { openPage } from '../support/browser'
import { whenDrawn } from '../support/drawn'
import { oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('Sign-in focus', () => {
  for (const [label, viewport] of SIZES)
    test(`Email has the focus on load, so typing fills it (${label})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        // In the frame the form is drawn: a key typed as soon as it shows goes into Email, not to the page's body.
        const drawn = await whenDrawn(page, 'input[type=email]', '', { beforeLoad: true })
        await view.goto('/')
        const email = page.getByLabel('Email')
        await email.waitFor()
        expect((await drawn()).holds).toBe(true)
        expect(await email.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
        await page.keyboard.type('ann@acme.test')
        expect(await email.inputValue()).toBe('ann@acme.test')
      } finally {
        await view.close()
      }
    })
})
