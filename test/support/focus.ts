// Where the keyboard is, for the console's focus tests: after an action took away what held it, or a move to another
// page, the page puts it somewhere that makes sense rather than leaving it on the body.
import { expect } from 'bun:test'
import { errors, type Locator, type Page } from 'playwright-core'

// What a page function reads of the page (the tests are compiled without the DOM's types).
type PageDocument = {
  activeElement: { tagName: string; textContent: string | null; getAttribute(name: string): string | null } | null
  body: unknown
}

/**
 * The focused element as its tag and name (aria-label, else its text): `BUTTON Remove crm`, `H1 Keywords`; BODY for
 * none. Given `what`, whether that is it (one function, as a page function cannot call another of this file).
 */
function focusedNow(what: string | null): string | boolean {
  const { activeElement: e, body } = (globalThis as unknown as { document: PageDocument }).document
  const now = !e || e === body ? 'BODY' : `${e.tagName} ${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim()}`
  return what === null ? now : now === what
}

export const focused = (page: Page) => page.evaluate(focusedNow, null) as Promise<string>

/**
 * Waits (up to 3 s) for the focus to settle on `what` once the page has drawn what followed, then checks it. The wait
 * is a function, not a string: Playwright evaluates a string again at each frame with `eval`, which the console's
 * Content-Security-Policy refuses, so a wait not met at once threw at the next frame and, caught, did not wait at all.
 * Only the time running out is let through, to the check that says where the focus is instead.
 */
export async function focusSettlesOn(page: Page, what: string) {
  await page.waitForFunction(focusedNow, what, { timeout: 3000 }).catch((e: Error) => {
    if (!(e instanceof errors.TimeoutError)) throw e
  })
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
