// A console page's address as the browser shows it: pages write their state (filters, the list's page) after they
// draw the change, so the address is waited for a moment before it is compared.
import { expect } from 'bun:test'
import type { Page } from 'playwright-core'

/** Expects the page's address to end in `hash` (`#/people?name=lead`) within 5 s; returns the whole address. */
export async function expectHash(page: Page, hash: string): Promise<string> {
  await page.waitForURL((url) => url.hash === hash, { timeout: 5000 }).catch(() => {})
  expect(new URL(page.url()).hash).toBe(hash)
  return page.url()
}

/**
 * Picks `option` in the list's `label` filter and turns to the next page, waiting (`shows`) for each count: `counts`
 * are the first page's and the second's ("1–20 of 45", "21–40 of 45").
 */
export async function filterAndTurn(
  page: Page,
  [label, option]: [string, string],
  shows: (text: string) => Promise<unknown>,
  counts: [string, string],
): Promise<void> {
  await page.getByLabel(label).selectOption(option)
  await shows(counts[0])
  await page.getByRole('button', { name: 'Next' }).click()
  await shows(counts[1])
}
