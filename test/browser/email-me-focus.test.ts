// "E-mail me new leads" on Settings (docs/console.md#settings) by the keyboard: Enter adds the user's e-mail digest,
// and the button gives way to the line that says so. The button held the keyboard, which fell to the page's body:
// a screen reader did not read that line, and the next Tab started again at the top of the page. The line takes it.
import { describe, expect, test } from 'bun:test'
import { createUser } from '../../src/domain/users/users'
import { openPage, screenshot, signIn } from '../support/browser'
import { focused, focusSettlesOn } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'

// An SMTP server configured (never reached: the digest is only stored here), so Settings offers the button.
const email = { host: '127.0.0.1', port: 9, security: 'none' as const, from: 'Lead Signals <leads@example.test>' }
const made = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  config: { email },
})

describe('E-mail me new leads by the keyboard', () => {
  for (const [size, viewport] of SIZES)
    test(`Enter leaves the keyboard on the line that says it is done (${size})`, async () => {
      const user = `${size}@acme.test`
      await createUser(made.deps, { team: 'acme', email: user, role: 'member', password: OWNER_PASSWORD })
      const view = await openPage(made.browser, made.app.origin, { viewport })
      try {
        await signIn(view, user, OWNER_PASSWORD, '/#/settings')
        const button = view.page.getByRole('button', { name: 'E-mail me new leads' })
        await button.focus()
        await view.page.keyboard.press('Enter')
        const said = `New leads are e-mailed to ${user}: daily digest at 09:00`
        await view.page.getByText(said).waitFor({ timeout: 5000 })
        await focusSettlesOn(
          view.page,
          `P ${(await view.page.locator('.email-me [role=status]').textContent())?.trim()}`,
        )
        expect(await focused(view.page)).toStartWith(`P ${said}`)
        await screenshot(view.page, `email-me-focus-${size}`)
      } finally {
        await view.close()
      }
    })
})
