// /swagger on a phone, 390 px wide (docs/api.md#api-documentation): opening an operation pushed the page 23 px past
// the screen, Swagger UI's Links column ("No links" on every answer, which the document never declares) cut off at
// the right, and each answer's Headers table squeezed its descriptions into a column a few letters wide.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { seedTeam, testDeps } from '../support/deps'
import { closeBrowser, fitsWidth, launchBrowser, listenForBrowser, openPage, screenshot } from '../support/browser'
import { authorizeWithKey } from '../support/swagger'

let browser: Browser
let served: ReturnType<typeof listenForBrowser> | undefined
let apiKey: string

beforeAll(async () => {
  const { deps } = await testDeps()
  apiKey = (await seedTeam(deps)).apiKey
  served = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  served?.stop()
})

test('at 390 px an opened operation, tried out, fits the screen and its Headers table reads across it', async () => {
  const view = await openPage(browser, served?.origin ?? '', { offline: true, viewport: { width: 390, height: 844 } })
  try {
    await view.goto('/swagger')
    await authorizeWithKey(view.page, apiKey)
    const signals = view.page.locator('.opblock-get:has(.opblock-summary-path[data-path="/api/v1/signals"])')
    await signals.locator('.opblock-summary').click()
    await signals.locator('.responses-table').first().waitFor()
    expect(await fitsWidth(view.page)).toBe(true)

    await signals.getByRole('button', { name: 'Try it out' }).click()
    await signals.getByRole('button', { name: 'Execute' }).click()
    await signals.locator('.live-responses-table tr.response').first().waitFor()
    expect(await fitsWidth(view.page)).toBe(true)

    // The 401's challenge header: its description takes the width of the answer, not a sliver beside the name (66 px).
    const challenge = signals.locator('tr.response[data-code="401"] table.headers tbody tr', {
      hasText: 'www-authenticate',
    })
    await challenge.scrollIntoViewIfNeeded()
    const description = await challenge.locator('td').nth(1).boundingBox()
    expect(description?.width ?? 0).toBeGreaterThan(150)
    await screenshot(view.page, 'swagger-phone-headers')
    expect(view.foreignRequests).toEqual([])
    expect(view.errors).toEqual([])
  } finally {
    await view.close()
  }
})
