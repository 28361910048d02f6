// Unlink on a person's page (docs/console.md#people) by the keyboard: the account's row goes, and with it the button
// that held the keyboard, which fell to the page's body: the next Tab started again at the top of the page, and a
// screen reader said nothing. As after Remove or Revoke, it goes to Unlink on the nearest row left, else to the
// page's heading.
import { expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { focused, focusSettlesOn } from '../support/focus'
import { atBothSizes } from '../support/one-team-console'
import { sizeAccountsConsole } from '../support/size-accounts'

// A person of their own for each size, each with two linked accounts.
const con = sizeAccountsConsole(['x', 'gh'], true)

atBothSizes(con, 'Unlink by Enter leaves the keyboard on the next Unlink, then on the heading', async (page, size) => {
  await navigateTo(page, 'People')
  await page
    .locator('ul.people')
    .getByRole('link', { name: `own-${size}` })
    .click()
  const rows = page.locator('.person-page .rows li')
  await rows.filter({ hasText: `gh-${size}` }).waitFor()
  const unlink = page.getByRole('button', { name: 'Unlink' })
  expect(await unlink.count()).toBe(2)
  await unlink.first().focus()
  await page.keyboard.press('Enter')
  // The keyboard is on an Unlink already before the row goes: wait for the row to go, then for where it lands.
  await unlink.nth(1).waitFor({ state: 'detached' })
  await focusSettlesOn(page, 'BUTTON Unlink')
  expect(await unlink.count()).toBe(1)
  await page.keyboard.press('Enter')
  await focusSettlesOn(page, 'H1 People')
  expect(await unlink.count()).toBe(0)
  // The next Tab goes on into the page, not back to the bar.
  await page.keyboard.press('Tab')
  expect(await focused(page)).toBe('A ← People')
})
