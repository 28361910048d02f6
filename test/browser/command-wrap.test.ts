// A command the console shows (docs/console.md#getting-started: `lead-signals poll --once --team acme`) never breaks
// inside a word nor between an option and its value, on the narrowest phones (320 px) and common ones (390 px). On a
// phone the first-pass step broke it after "--", leaving "team acme" at the start of the next line, and
// "lead-signals" could break after its hyphen: read as two commands, and copied as a wrong one.
import { describe, expect, test } from 'bun:test'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { brokenParts } from '../support/command-lines'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

// A name long enough to push the command's options to the end of a phone's line, as "acme" does at some width.
const made = oneTeamConsole({ team: 'northwind-sales', owner: 'ann@nw.test', plan: 'growth', keywords: ['crm'] })

describe('a command shown on the Signals page', () => {
  for (const width of [320, 390])
    test(`keeps each word and each option with its value on one line at ${width} px`, async () => {
      const view = await openPage(made.browser, made.app.origin, { viewport: { width, height: 844 } })
      try {
        await signIn(view, made.owner, OWNER_PASSWORD)
        const { page } = view
        const code = page.locator('.checklist li', { hasText: 'A first polling pass' }).locator('code')
        await code.waitFor()
        expect(await code.textContent()).toBe('lead-signals poll --once --team northwind-sales')
        expect(await brokenParts(code)).toEqual([])
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `command-wrap-${width}`)
      } finally {
        await view.close()
      }
    })
})
