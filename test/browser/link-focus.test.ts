// Link on a person's page (docs/console.md#people) by the keyboard: choose the account, Tab to Link, Enter. The
// choice then goes back to "Choose…", which disables Link, the button that held the keyboard: it fell to the page's
// body. It goes back to the choice box now, ready for another account, with the linked one listed above.
import { expect } from 'bun:test'
import { navigateTo } from '../support/browser'
import { focused } from '../support/focus'
import { atBothSizes } from '../support/one-team-console'
import { sizeAccountsConsole } from '../support/size-accounts'

// A person of their own for each size, and an account not linked to them yet.
const con = sizeAccountsConsole(['gh'], false)

atBothSizes(con, 'Link by Enter leaves the keyboard on the choice, not on the body', async (page, size) => {
  await navigateTo(page, 'People')
  await page
    .locator('ul.people')
    .getByRole('link', { name: `own-${size}` })
    .click()
  const choice = page.getByLabel('The same person on another account')
  await choice.locator('option', { hasText: `gh-${size}` }).waitFor({ state: 'attached' })
  await choice.focus()
  // Down the choices, as a person does, to the account.
  const chosen = () =>
    choice.evaluate((e) => (e as unknown as { selectedOptions: { text: string }[] }).selectedOptions[0]?.text)
  for (let i = 0; i < 10 && !(await chosen())?.startsWith(`gh-${size}`); i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Tab')
  expect(await focused(page)).toBe('BUTTON Link')
  await page.keyboard.press('Enter')
  await page.locator('.person-page .rows li', { hasText: `gh-${size}` }).waitFor({ timeout: 5000 })
  // Once the choices are read again (the linked account leaves them), the keyboard is on the box.
  const holds = () => choice.evaluate((e) => e === e.ownerDocument.activeElement)
  for (let i = 0; i < 30 && !(await holds()); i++) await Bun.sleep(100)
  expect(await focused(page)).toStartWith('SELECT Choose…')
  expect(await holds()).toBe(true)
  expect(await choice.inputValue()).toBe('')
})
