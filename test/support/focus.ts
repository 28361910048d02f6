// Where the keyboard is, for the console's focus tests: after an action took away what held it, or a move to another
// page, the page puts it somewhere that makes sense rather than leaving it on the body.
import { expect } from 'bun:test'
import type { Locator, Page } from 'playwright-core'

/** The focused element as its tag and name (aria-label, else its text): `BUTTON Remove crm`, `H1 Keywords`; BODY for none. */
const FOCUSED = `(() => {
  const e = document.activeElement
  return !e || e === document.body ? 'BODY' : e.tagName + ' ' + (e.getAttribute('aria-label') ?? e.textContent ?? '').trim()
})()`

export const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<string>

/** Waits (up to 3 s) for the focus to settle on `what` once the page has drawn what followed, then checks it. */
export async function focusSettlesOn(page: Page, what: string) {
  await page.waitForFunction(`${FOCUSED} === ${JSON.stringify(what)}`, null, { timeout: 3000 }).catch(() => {})
  expect(await focused(page)).toBe(what)
}

/** The next Tab puts the keyboard on `field` (the page's first, after its heading). */
export async function tabReaches(page: Page, field: Locator) {
  await page.keyboard.press('Tab')
  expect(await field.evaluate((e) => e === e.ownerDocument.activeElement)).toBe(true)
}

/**
 * A field's state as assistive technology gets it: invalid or not (aria-invalid), the text of what describes it
 * (aria-describedby), and whether it holds the keyboard.
 */
export const fieldState = (field: Locator) =>
  field.evaluate((e) => ({
    invalid: e.getAttribute('aria-invalid'),
    description: (e.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id: string) => e.ownerDocument.getElementById(id)?.textContent ?? `(no element ${id})`)
      .join(' '),
    focused: e === e.ownerDocument.activeElement,
  }))
