// Undo on the Signals page (docs/console.md#verdicts) by the keyboard: the notice and its button go as Undo acts, and
// the keyboard lands on the card put back, selected, so r or n judges it again at once. It fell to the page's body:
// the next Tab started from the top of the page and j moved from the first card, wherever the undone one was.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { openPage, signIn } from '../support/browser'
import { crmSignals } from '../support/crm-signals'
import { whenDrawn } from '../support/drawn'
import { OWNER_PASSWORD, oneTeamConsole, SIZES } from '../support/one-team-console'

const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  keywords: ['crm'],
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, crmSignals(teamId, 4)),
})

/** The focused card's text, or what else holds the focus (BODY for nothing). */
const focusedCard = (page: Page) =>
  page.evaluate(`(() => {
    const e = document.activeElement
    if (!e || e === document.body) return 'BODY'
    return e.matches('li.signal') ? e.querySelector('.text').textContent : e.tagName + ' ' + e.textContent
  })()`) as Promise<string>

describe('Focus after Undo', () => {
  for (const [label, viewport] of SIZES)
    test(`the card put back holds the keyboard, selected (${label})`, async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await signIn(view, con.owner, OWNER_PASSWORD)
        const second = page.locator('.signal').nth(1)
        await second.waitFor()
        const text = (await second.locator('.text').textContent()) as string
        await second.getByRole('button', { name: 'Not relevant' }).press('Enter')
        await page.locator('.signal .text', { hasText: text }).waitFor({ state: 'detached' })
        const undo = page.getByRole('button', { name: 'Undo' })
        await undo.focus()
        // In the frame the card is drawn again it already holds the keyboard: a key pressed as soon as it shows
        // judges it, not whatever the page's body would do with it.
        const drawn = await whenDrawn(page, 'li.signal', text)
        await page.keyboard.press('Enter')
        await page.locator('.signal .text', { hasText: text }).waitFor()
        expect((await drawn()).holds).toBe(true)
        expect(await focusedCard(page)).toBe(text)
        expect(await page.locator('.signal.selected .text').textContent()).toBe(text)
        // Triage goes on from it: n judges that very card not relevant again.
        await page.keyboard.press('n')
        await page.locator('.signal .text', { hasText: text }).waitFor({ state: 'detached' })
        await undo.waitFor()
      } finally {
        await view.close()
      }
    })
})
