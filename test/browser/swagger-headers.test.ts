// /swagger as a developer reads an operation's answers: each response lists the headers it sends, and the Headers
// table says what each means (docs/api.md#api-documentation), not only its name and type.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { seedTeam, testDeps } from '../support/deps'
import { closeBrowser, launchBrowser, listenForBrowser, openPage, SCREENSHOTS_DIR } from '../support/browser'

let browser: Browser
let served: ReturnType<typeof listenForBrowser> | undefined

beforeAll(async () => {
  const { deps } = await testDeps()
  await seedTeam(deps)
  served = listenForBrowser(deps)
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  served?.stop()
})

// Swagger UI writes a zero-width space before each slash of a path so long paths can wrap.
const shown = (text: string | null) => (text ?? '').replaceAll('\u200b', '').replace(/\s+/g, ' ').trim()

test("an operation's responses say what each header means: Retry-After on the 429, the challenge on the 401", async () => {
  const view = await openPage(browser, served?.origin ?? '', { offline: true })
  try {
    await view.goto('/swagger')
    const search = view.page.locator('.opblock-post:has(.opblock-summary-path[data-path="/api/v1/mentions/search"])')
    await search.locator('.opblock-summary').click()
    const described = async (status: string, header: string) => {
      const row = search.locator(`.responses-table tr.response[data-code="${status}"] table.headers tbody tr`, {
        hasText: header,
      })
      await row.first().waitFor({ state: 'visible' })
      const cells = row.first().locator('td')
      return { name: shown(await cells.nth(0).textContent()), description: shown(await cells.nth(1).textContent()) }
    }
    expect(await described('429', 'retry-after')).toMatchObject({
      name: 'retry-after',
      description: expect.stringContaining('Whole seconds to wait before asking again'),
    })
    expect(await described('401', 'www-authenticate')).toMatchObject({
      name: 'www-authenticate',
      description: expect.stringContaining('error="invalid_token"'),
    })
    expect(await described('200', 'x-request-id')).toMatchObject({
      description: expect.stringContaining("This request's id"),
    })
    // What a developer sees at 1280 px: the 429 answer of the search with its Headers table.
    await search.locator('.responses-table tr.response[data-code="429"] table.headers').scrollIntoViewIfNeeded()
    mkdirSync(SCREENSHOTS_DIR, { recursive: true })
    await view.page.screenshot({ path: join(SCREENSHOTS_DIR, 'swagger-headers.png') })
    expect(view.foreignRequests).toEqual([])
    expect(view.errors).toEqual([])
  } finally {
    await view.close()
  }
})
