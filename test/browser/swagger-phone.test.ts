// /swagger on a phone, 390 px wide (docs/api.md#api-documentation): opening an operation pushed the page 23 px past
// the screen, Swagger UI's Links column ("No links" on every answer, which the document never declares) cut off at
// the right, and each answer's Headers table squeezed its descriptions into a column a few letters wide. An answer's
// Schema, expanded, was held to the 208 px beside the status code while it needed 294: it scrolled sideways in its
// box and the nested fields' descriptions wrapped at 150 px. The live answer after Execute kept its code in a column
// of 84 px beside its body and headers.
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

test('at 390 px an opened operation, tried out, fits the screen, its live answer is below its code and its Headers table reads across it', async () => {
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
    const live = signals.locator('.live-responses-table tr.response').first()
    await live.waitFor()
    expect(await fitsWidth(view.page)).toBe(true)
    // The answer to Execute sits below its code and takes the table's width: its code column kept 84 px of the 390,
    // and its body and headers the rest.
    const liveTable = await signals.locator('.live-responses-table').boundingBox()
    const liveCode = await live.locator('td.response-col_status').boundingBox()
    const liveAnswer = await live.locator('td.response-col_description').boundingBox()
    // Below the code's middle: beside it, the answer would start at the code's own top. Not at its bottom: the rows'
    // borders fall on fractions of a pixel, and the answer started up to 1.4 px above it in fresh-clone CI runs.
    expect(liveAnswer?.y ?? 0).toBeGreaterThan((liveCode?.y ?? 0) + (liveCode?.height ?? 0) / 2)
    expect(liveAnswer?.width ?? 0).toBeGreaterThan((liveTable?.width ?? 0) - 8)
    await live.scrollIntoViewIfNeeded()
    await screenshot(view.page, 'swagger-phone-live-response')

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

test("at 390 px an answer's expanded Schema takes the width of the screen, and at 1280 px keeps its desktop layout", async () => {
  const view = await openPage(browser, served?.origin ?? '', { offline: true, viewport: { width: 390, height: 844 } })
  try {
    await view.goto('/swagger')
    const signals = view.page.locator('.opblock-get:has(.opblock-summary-path[data-path="/api/v1/signals"])')
    await signals.locator('.opblock-summary').click()
    const ok = signals.locator('.responses-table tr.response[data-code="200"]')
    await ok.getByRole('tab', { name: 'Schema' }).click()
    await ok.getByRole('button', { name: 'Expand all' }).first().click()
    const container = ok.locator('.model-container')
    // A signal's fields, three levels down (signals, its items, their fields), have the narrowest descriptions.
    const nested = '.json-schema-2020-12--embedded'
    await container.locator(`${nested} ${nested} ${nested}`).first().waitFor()
    const box = await container.evaluate((element) => ({ client: element.clientWidth, scroll: element.scrollWidth }))
    expect(box.scroll).toBeLessThanOrEqual(box.client)
    const descriptionWidths = () =>
      container
        .locator('.json-schema-2020-12-keyword--description')
        .evaluateAll((descriptions) => descriptions.map((d) => Math.round(d.getBoundingClientRect().width)))
    expect(Math.min(...(await descriptionWidths()))).toBeGreaterThan(200)
    expect(await fitsWidth(view.page)).toBe(true)
    expect(await ok.locator('.response-col_links').isVisible()).toBe(false)
    await container.scrollIntoViewIfNeeded()
    await screenshot(view.page, 'swagger-phone-schema')

    // On a desktop the status code stays beside its answer, which has the rest of the row.
    await view.page.setViewportSize({ width: 1280, height: 800 })
    const status = await ok.locator('td.response-col_status').boundingBox()
    const answer = await ok.locator('td.response-col_description').boundingBox()
    expect(answer?.y).toBe(status?.y)
    expect(answer?.x ?? 0).toBeGreaterThanOrEqual((status?.x ?? 0) + (status?.width ?? 0))
    expect(Math.min(...(await descriptionWidths()))).toBeGreaterThan(800)
    expect(view.errors).toEqual([])
  } finally {
    await view.close()
  }
})
