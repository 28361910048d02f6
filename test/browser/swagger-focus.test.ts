// /swagger by the keyboard at 1280 and 390 px (docs/api.md#api-documentation): every control Tab reaches shows the
// console's focus outline, solid, 2 px or more, at 3:1 or more against what it lies on, its control in view (WCAG 2.2
// SC 2.4.7, SC 1.4.11, SC 2.4.11). Swagger UI's own CSS gave 1 px or dotted outlines, a green Authorize outline at
// 2.03:1 on white, and a "Copy path to clipboard" button that took focus while 0 px wide.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { closeBrowser, launchBrowser, listenForBrowser, openPage, screenshot } from '../support/browser'
import { testDeps } from '../support/deps'
import { ringFaults, ringsByTab } from '../support/focus-ring'
import { SIZES } from '../support/one-team-console'

let browser: Browser
let served: ReturnType<typeof listenForBrowser> | undefined

beforeAll(async () => {
  const { deps } = await testDeps()
  served = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  served?.stop()
})

describe('/swagger by the keyboard', () => {
  for (const [size, viewport] of SIZES)
    test(`every control Tab reaches shows the focus outline (${size})`, async () => {
      const view = await openPage(browser, served?.origin ?? '', { offline: true, viewport })
      try {
        await view.goto('/swagger')
        await view.page.locator('.opblock-summary').first().waitFor()
        const rings = await ringsByTab(view.page, 60)
        // The walk reached Authorize and the operations' copy buttons, the controls that had no usable outline.
        expect(rings.some((r) => r.what.includes('Authorize'))).toBe(true)
        expect(rings.some((r) => r.what.includes('Copy to clipboard') || r.what.includes('Copy path'))).toBe(true)
        await screenshot(view.page, `swagger-focus-${size}`)
        expect([...new Set(rings.flatMap(ringFaults))].slice(0, 12)).toEqual([])
      } finally {
        await view.close()
      }
    })
})
