// /swagger as an air-gapped site sees it: the real app on a real socket, Chromium with every other origin cut off.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { closeBrowser, launchBrowser, listenForBrowser, openPage, screenshot } from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let origin: string
let apiKey: string

beforeAll(async () => {
  const { deps } = await testDeps()
  apiKey = (await seedTeam(deps)).apiKey
  app = listenForBrowser(deps)
  origin = app.origin
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  await app?.stop()
})

// Swagger UI writes a zero-width space before each slash of a path so long paths can wrap.
const shown = (text: string | null) => (text ?? '').replaceAll('\u200b', '').trim()

describe('/swagger with the network cut off', () => {
  test("shows every operation of the API, asks no other origin for anything and breaks no rule of the page's policy", async () => {
    const paths = Object.keys(((await (await fetch(`${origin}/swagger/json`)).json()) as { paths: object }).paths)
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/usage', '/api/v1/signals']))

    const view = await openPage(browser, origin, { offline: true })
    try {
      await view.goto('/swagger')
      for (const path of paths) {
        // Auto-waits until Swagger UI has fetched the spec and drawn the operation.
        const operation = view.page.locator(`.opblock-summary-path[data-path="${path}"]`).first()
        await operation.waitFor({ state: 'visible' })
        expect(shown(await operation.textContent())).toBe(path)
      }
      expect(await view.page.title()).toBe('lead-signals API')
      expect(shown(await view.page.locator('.info .title').textContent())).toStartWith('lead-signals')
      const file = await screenshot(view.page, 'swagger')
      expect(existsSync(file)).toBe(true)
      expect(view.foreignRequests).toEqual([])
      // A Content-Security-Policy violation is reported as a console error.
      expect(view.errors).toEqual([])
    } finally {
      await view.close()
    }
  })

  test('"Try it out" calls the API on the service itself and shows its answer', async () => {
    const view = await openPage(browser, origin, { offline: true })
    try {
      await view.goto('/swagger')
      await view.page.locator('.opblock-summary-path[data-path="/api/v1/usage"]').click()
      await view.page.getByRole('button', { name: 'Try it out' }).click()
      await view.page.getByRole('button', { name: 'Execute' }).click()
      // No key was given: the live answer is the API's own 401.
      const status = view.page.locator('.live-responses-table tr.response .response-col_status').first()
      await status.waitFor({ state: 'visible' })
      expect(shown(await status.textContent())).toBe('401')
      expect(view.foreignRequests).toEqual([])
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })

  test('Authorize with a key, then "Try it out" answers 200 with the team\'s usage', async () => {
    const view = await openPage(browser, origin, { offline: true })
    try {
      await view.goto('/swagger')
      await view.page.getByRole('button', { name: 'Authorize' }).first().click()
      const dialog = view.page.locator('.dialog-ux')
      await dialog.locator('input').first().fill(apiKey)
      await dialog.locator('button.modal-btn.authorize').first().click()
      await dialog.locator('button.btn-done').first().click()
      const usage = view.page.locator('.opblock-get:has(.opblock-summary-path[data-path="/api/v1/usage"])').first()
      await usage.locator('.opblock-summary').click()
      await usage.getByRole('button', { name: 'Try it out' }).click()
      await usage.getByRole('button', { name: 'Execute' }).click()
      const status = usage.locator('.live-responses-table tr.response .response-col_status').first()
      await status.waitFor({ state: 'visible' })
      expect(shown(await status.textContent())).toBe('200')
      const answer = await usage.locator('.live-responses-table .response-col_description pre').first().textContent()
      expect(JSON.parse(answer ?? '{}')).toMatchObject({ plan: 'growth', usage: { used: 0 } })
      expect(view.foreignRequests).toEqual([])
      expect(view.errors).toEqual([])
    } finally {
      await view.close()
    }
  })
})
