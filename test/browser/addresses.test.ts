// The console's addresses (docs/console.md#addresses), in Chromium at a laptop's and a phone's size: every page
// address that the documents (docs/, README.md) and the console's own links name opens a page, and so does each page's
// name as an address (#/destinations for Destinations, whose address is #/webhooks; #/icps for ICP profiles): those
// read "No such page" to a team that typed what the menu and the documents call them.
import { expect } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { atBothSizes, oneTeamConsole } from '../support/one-team-console'

const made = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })
const ROOT = resolve(import.meta.dir, '../..')

/** The files under `dir` (relative to the repository) whose name ends with one of `endings`, read. */
function texts(dir: string, endings: string[]): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => endings.some((e) => name.endsWith(e)))
    .map((name) => readFileSync(join(ROOT, dir, name), 'utf8'))
}

/** The sign-in form sent and answered: the page's bar is drawn, and the session's cookie set for the next loads. */
const signedIn = (page: Page) => page.locator('.shell header').waitFor()

const WRITTEN = [
  ...texts('docs', ['.md']),
  readFileSync(join(ROOT, 'README.md'), 'utf8'),
  ...texts('src/console', ['.ts', '.tsx']),
].map((text) => text.replace(/\s+/g, ' '))
const matches = (pattern: RegExp) => WRITTEN.flatMap((text) => [...text.matchAll(pattern)].map((m) => m[1] as string))

/**
 * Every console address they name (`#/keywords`; `people` of `#/people/per_…`; not the consent page's, which needs
 * its request), and every page they call by its name ("the **Destinations** page", "the ICP profiles page") as its
 * address would be typed: `#/destinations`, `#/icp-profiles`.
 */
const NAMED = [
  ...new Set([
    ...matches(/#\/([a-z][a-z-]*)/g).filter((name) => name !== 'authorize'),
    ...matches(/\b[Tt]he (?:\*\*|<a [^>]*>)?([A-Z][A-Za-z]*(?: [a-z]+)?)(?:\*\*|<\/a>)? page\b/g).map((name) =>
      name.toLowerCase().replaceAll(' ', '-'),
    ),
  ]),
]

atBothSizes(made, 'every address the documents and the console name opens a page', async (page) => {
  await signedIn(page)
  // At least these; a scan that found none would pass for nothing.
  expect(NAMED).toEqual(expect.arrayContaining(['signals', 'webhooks', 'destinations', 'icp-profiles', 'settings']))
  for (const name of NAMED) {
    // Loaded anew, as a link from elsewhere opens it: the heading read is this address's, not the last one's.
    await page.goto('about:blank')
    await page.goto(`${made.app.origin}/#/${name}`)
    const heading = await page.locator('main h1').first().textContent()
    expect({ name, heading }).not.toEqual({ name, heading: 'No such page' })
  }
})

atBothSizes(made, "each page's name as an address opens that page, at its own address", async (page, size) => {
  await signedIn(page)
  await page.goto('about:blank')
  await page.goto(`${made.app.origin}/#/destinations`)
  await page.locator('main h1').first().waitFor()
  await screenshot(page, `address-destinations-${size}`)
  const byName = { destinations: ['Destinations', 'webhooks'], icps: ['ICP profiles', 'icp-profiles'] } as const
  for (const [typed, [heading, address]] of Object.entries(byName)) {
    await page.goto('about:blank')
    await page.goto(`${made.app.origin}/#/${typed}`)
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 5000 })
    // The address the menu and a shared link use, and the menu marks the page as the one shown.
    expect(new URL(page.url()).hash).toBe(`#/${address}`)
    expect(await page.locator('nav [aria-current="page"]').getAttribute('href')).toBe(`#/${address}`)
  }
})
