// The Signals page's Export CSV for Excel, in Chromium at a desktop and a phone width (docs/console.md#export): the
// API takes bom=true and the command line --bom, but the console had no such choice, so a file from it opened by a
// double-click in Excel garbled accents and emoji. A "For Excel" check beside the button adds the byte order mark.
// The People page's Export CSV (docs/console.md#people) had none either, for the people export that takes bom=true and
// --bom too (docs/people.md#export): a salesperson's file for a CRM, opened in Excel first, garbled their names.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { HOSTILE, hostileSignals, parseCsv } from '../support/exports'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const BOM = [0xef, 0xbb, 0xbf]
const con = oneTeamConsole({
  team: 'acme',
  owner: 'ann@acme.test',
  seed: (deps, teamId) => deps.repos.signals.insertMany(teamId, hostileSignals(teamId)),
})

/** The bytes of the file Export CSV downloads now, `what` its name's start (signals, people). */
async function exported(page: Page, what = 'signals'): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${what}-\\d{4}-\\d{2}-\\d{2}\\.csv$`))
  return readFileSync(await download.path())
}

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  describe(`Export CSV for Excel at ${viewport.width}×${viewport.height}`, () => {
    test('the check beside the button adds a byte order mark to the same filtered file', async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await signIn(view, 'ann@acme.test', OWNER_PASSWORD, '/#/signals?intent=ACTIVE')
        await page.locator('.count', { hasText: `of ${HOSTILE.length}` }).waitFor()
        const forExcel = page.getByRole('checkbox', { name: 'For Excel' })
        expect(await forExcel.isChecked()).toBe(false)

        const plain = await exported(page)
        expect([...plain.subarray(0, 3)]).not.toEqual(BOM)

        await forExcel.check()
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `console-export-bom-${label}`)
        const marked = await exported(page)
        expect([...marked.subarray(0, 3)]).toEqual(BOM)
        // The same file after the mark: the page's filters kept.
        expect(marked.subarray(3)).toEqual(plain)
        const records = parseCsv(plain.toString('utf8')).slice(1)
        expect(records).toHaveLength(HOSTILE.length)
        for (const r of records) expect(r[4]).toBe('ACTIVE')
        expect(new URL(page.url()).hash).toBe('#/signals?intent=ACTIVE')
        // The session asked for before signing in is a 401, which Chromium logs as a failed load.
        expect(view.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
      } finally {
        await view.close()
      }
    }, 60_000)

    test("the People page's check adds the mark to the people file the same way", async () => {
      const view = await openPage(con.browser, con.app.origin, { viewport })
      const { page } = view
      try {
        await signIn(view, 'ann@acme.test', OWNER_PASSWORD, '/#/people')
        await page.locator('ul.people li').first().waitFor()
        const forExcel = page.getByRole('checkbox', { name: 'For Excel' })
        expect(await forExcel.isChecked()).toBe(false)
        const plain = await exported(page, 'people')
        expect([...plain.subarray(0, 3)]).not.toEqual(BOM)
        await forExcel.check()
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `console-people-export-bom-${label}`)
        const marked = await exported(page, 'people')
        expect([...marked.subarray(0, 3)]).toEqual(BOM)
        expect(marked.subarray(3)).toEqual(plain)
        // One person per author.
        expect(parseCsv(plain.toString('utf8')).slice(1)).toHaveLength(HOSTILE.length)
        // JSON Lines has no mark to offer: its link stays as it was.
        const jsonl = page.getByRole('link', { name: 'Export JSON Lines' })
        expect(await jsonl.getAttribute('href')).toBe('/console/api/people/export?format=jsonl')
      } finally {
        await view.close()
      }
    }, 60_000)
  })
}
