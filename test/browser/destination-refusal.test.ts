// A destination the server refuses for one field (docs/console.md#webhooks): that field is marked invalid and
// described by the reason (aria-invalid, aria-describedby, as WCAG's technique ARIA21 has it), and the keyboard is put
// on it, so a screen reader says which field is wrong and why where it is fixed. The reason was only a line beside
// the button: nothing said which of ten fields it was about, nor tied it to the field when the user went back to it.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { openPage, signIn } from '../support/browser'
import { whenDrawn } from '../support/drawn'
import { fieldState } from '../support/focus'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })

/**
 * Submits by the keyboard and checks that in the task the refusal (with `words`) is drawn, the keyboard is already in
 * the field refused: with a passive effect it moved a paint later, and a read after the alert showed could land before.
 */
async function submitByKeys(page: Page, words: string) {
  await page.getByRole('button', { name: 'Add destination' }).focus()
  const drawn = await whenDrawn(page, '[role=alert]', words, {
    read: `document.activeElement?.getAttribute('aria-invalid')`,
  })
  await page.keyboard.press('Enter')
  await page.getByRole('alert').waitFor()
  expect((await drawn()).read).toBe('true')
}

describe('A refused destination', () => {
  for (const [label, viewport] of SIZES)
    test(`marks the field refused, describes it by the reason and puts the keyboard on it (${label})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await signIn(view, con.owner, OWNER_PASSWORD, '/#/webhooks')
        await page.getByLabel('Kind').selectOption({ label: 'Slack incoming webhook' })
        const url = page.getByLabel('URL')
        const zone = page.getByLabel('Time zone')
        await url.fill('https://hooks.slack.com/not-a-webhook')
        await submitByKeys(page, 'Slack incoming-webhook URL')
        const reason = (await page.getByRole('alert').textContent()) as string
        expect(reason).toContain('Slack incoming-webhook URL')
        expect(await fieldState(url)).toEqual({ invalid: 'true', description: reason, focused: true })
        expect(await fieldState(zone)).toEqual({ invalid: null, description: '', focused: false })

        // Fixed, and another field refused: the mark moves to it.
        await url.fill('https://hooks.slack.com/services/T000/B000/XXXX')
        expect((await fieldState(url)).invalid).toBeNull()
        await zone.fill('Mars/Olympus_Mons')
        await submitByKeys(page, 'IANA time zone')
        const why = (await page.getByRole('alert').textContent()) as string
        expect(why).toBe('Time zone must be an IANA time zone, such as "Europe/Berlin"')
        expect(await fieldState(zone)).toEqual({ invalid: 'true', description: why, focused: true })
        expect((await fieldState(url)).invalid).toBeNull()

        // Quiet hours are refused as one (from and to the same hour): both of their boxes are marked.
        await zone.fill('UTC')
        await page.getByLabel('From').fill('22')
        await page.getByLabel('To', { exact: true }).fill('22')
        await submitByKeys(page, 'Quiet hours must end')
        const quiet = (await page.getByRole('alert').textContent()) as string
        // In the form's words: its Quiet hours, not the API's quietHours.from and to.
        expect(quiet).toBe('Quiet hours must end at another hour than they start')
        expect(await fieldState(page.getByLabel('From'))).toEqual({
          invalid: 'true',
          description: quiet,
          focused: true,
        })
        expect((await fieldState(page.getByLabel('To', { exact: true }))).invalid).toBe('true')

        // E-mail on a server without an SMTP server: the Kind is what to change, and is marked.
        await page.getByLabel('To', { exact: true }).fill('7')
        const kind = page.getByLabel('Kind')
        await kind.selectOption({ label: 'E-mail' })
        await page.locator('input[type="email"]').fill('sales@example.com')
        await submitByKeys(page, 'not configured an SMTP server')
        const noSmtp = (await page.getByRole('alert').textContent()) as string
        expect(noSmtp).toContain('not configured an SMTP server')
        expect(await fieldState(kind)).toEqual({ invalid: 'true', description: noSmtp, focused: true })
      } finally {
        await view.close()
      }
    })
})
