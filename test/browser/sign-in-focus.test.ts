// The sign-in page (docs/console.md#sign-in) puts the keyboard in Email on load, as sign-in forms do: a keyboard
// user types the address at once instead of first tabbing to it from nowhere.
import { describe, expect, test } from 'bun:test'
import { openPage } from '../support/browser'
import { oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('Sign-in focus', () => {
  for (const [label, viewport] of SIZES)
    test(`Email has the focus on load, so typing fills it (${label})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await view.goto('/')
        const email = page.getByLabel('Email')
        await email.waitFor()
        expect(await email.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
        await page.keyboard.type('ann@acme.test')
        expect(await email.inputValue()).toBe('ann@acme.test')
      } finally {
        await view.close()
      }
    })
})
