// The sign-in page (docs/console.md#sign-in) puts the keyboard in Email on load, as sign-in forms do: a keyboard
// user types the address at once instead of first tabbing to it from nowhere. A field the server refuses takes it back.
import { describe, expect, test } from 'bun:test'
import { openPage } from '../support/browser'
import { whenDrawn } from '../support/drawn'
import { fieldState } from '../support/focus'
import { oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

describe('Sign-in focus', () => {
  for (const [label, viewport] of SIZES)
    test(`Email has the focus on load, so typing fills it; a refused box takes it (${label})`, async () => {
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

        // A password the server refuses as too long (over 256 characters, as a password manager may paste) marks
        // the Password box, described by the reason, with the keyboard on it (docs/console.md#errors).
        const password = page.getByLabel('Password')
        await password.fill('x'.repeat(300))
        await password.press('Enter')
        const alert = page.getByRole('alert')
        await alert.waitFor()
        const reason = (await alert.textContent()) as string
        expect(reason).toBe('Password must be at most 256 characters')
        expect(await fieldState(password)).toEqual({ invalid: 'true', description: reason, focused: true })
        expect((await fieldState(email)).invalid).toBeNull()
        // Edited, the mark goes; a wrong password is about no one field (which of the two is not said): the alert
        // alone.
        await password.fill('not the password')
        expect((await fieldState(password)).invalid).toBeNull()
        await password.press('Enter')
        await page.getByText('the email or the password is wrong').waitFor()
        expect((await fieldState(password)).invalid).toBeNull()
        expect((await fieldState(email)).invalid).toBeNull()
      } finally {
        await view.close()
      }
    })
})
