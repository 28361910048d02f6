// /swagger as an air-gapped site sees it: the real app on a real socket, Chromium with every other origin cut off;
// Authorize with a key and with the service's own OAuth flow.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { closeBrowser, launchBrowser, openPage, screenshot } from '../support/browser'
import { oauthWorld, PASSWORD } from '../support/oauth'
import { authorizeWithKey } from '../support/swagger'

let browser: Browser
let world: Awaited<ReturnType<typeof oauthWorld>> | undefined
let origin: string
let apiKey: string

beforeAll(async () => {
  world = await oauthWorld()
  origin = world.base
  apiKey = world.apiKey
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  world?.stop()
})

// Swagger UI writes a zero-width space before each slash of a path so long paths can wrap.
const shown = (text: string | null) => (text ?? '').replaceAll('\u200b', '').trim()

/** "Try it out" on GET /api/v1/usage, once Authorize is done: the live status, the answer and the curl line shown. */
async function tryUsage(page: Page) {
  const usage = page.locator('.opblock-get:has(.opblock-summary-path[data-path="/api/v1/usage"])').first()
  await usage.locator('.opblock-summary').click()
  await usage.getByRole('button', { name: 'Try it out' }).click()
  await usage.getByRole('button', { name: 'Execute' }).click()
  const status = usage.locator('.live-responses-table tr.response .response-col_status').first()
  await status.waitFor({ state: 'visible' })
  const answer = await usage.locator('.live-responses-table .response-col_description pre').first().textContent()
  return { status: shown(await status.textContent()), answer, curl: await usage.locator('.curl-command').textContent() }
}

/** Errors of a page (a Content-Security-Policy violation is one), recorded from the moment it opens. */
function errorsOf(page: Page) {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

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
      await authorizeWithKey(view.page, apiKey)
      const tried = await tryUsage(view.page)
      expect(tried.status).toBe('200')
      expect(JSON.parse(tried.answer ?? '{}')).toMatchObject({ plan: 'growth', usage: { used: 0 } })
      expect(view.foreignRequests).toEqual([])
      expect(view.errors).toEqual([])
    } finally {
      await view.close()
    }
  })

  // docs/oauth.md#swagger-ui: the service's own client, through the console's sign-in and consent page.
  test('Authorize with OAuth: sign in and allow in a popup, come back authorized, and "Try it out" answers 200 with the token', async () => {
    const view = await openPage(browser, origin, { offline: true })
    try {
      await view.goto('/swagger')
      await view.page.getByRole('button', { name: 'Authorize' }).first().click()
      const dialog = view.page.locator('.dialog-ux')
      const oauth = dialog.locator('.auth-container').filter({ hasText: 'authorizationCode' })
      // The client id is filled in: the service knows Swagger UI's own client. Swagger UI shows a client_secret field
      // with PKCE too; the client has none, and it stays empty.
      expect(await oauth.locator('#client_id_authorizationCode').inputValue()).toBe('swagger-ui')
      expect(await oauth.locator('#client_secret_authorizationCode').inputValue()).toBe('')
      await oauth.locator('label[for="usage:read-authorizationCode-checkbox-oauth2"]').click()

      const opened = view.page.waitForEvent('popup')
      const asked = view.context.waitForEvent('request', (r) => new URL(r.url()).pathname === '/oauth/authorize')
      await oauth.getByRole('button', { name: 'Apply given OAuth2 credentials' }).click()
      const popup = await opened
      const popupErrors = errorsOf(popup)
      const authorizeUrl = new URL((await asked).url())
      expect(authorizeUrl.pathname).toBe('/oauth/authorize')
      expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256')
      expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${origin}/swagger/oauth2-redirect.html`)

      // Not signed in: the console's sign-in form, then the consent page of the request.
      await popup.getByLabel('Email').fill('ann@acme.test')
      await popup.getByLabel('Password').fill(PASSWORD)
      await popup.getByRole('button', { name: 'Sign in' }).click()
      const consent = popup.locator('.consent')
      await consent.getByText('Swagger UI').first().waitFor()
      const text = (await consent.textContent()) ?? ''
      expect(text).toContain(new URL(origin).host)
      expect(text).toContain('usage:read')
      expect(text).not.toContain('leads:score')
      await screenshot(popup, 'swagger-oauth-consent')
      const closed = popup.waitForEvent('close')
      const redirected = popup.waitForRequest((r) => r.url().includes('/swagger/oauth2-redirect.html'))
      await popup.getByRole('button', { name: 'Allow' }).click()
      expect(new URL((await redirected).url()).searchParams.get('code')).toBeTruthy()
      // The redirect page hands the code to Swagger UI and closes itself.
      await closed
      // The console asks for its session before the sign-in form: that 401 is expected, and nothing else, such as a
      // Content-Security-Policy violation on the redirect page.
      expect(popupErrors.filter((e) => !e.includes('status of 401'))).toEqual([])

      await oauth.getByRole('button', { name: 'Remove authorization' }).waitFor()
      await oauth.locator('button.btn-done').click()
      const tried = await tryUsage(view.page)
      expect(tried.status).toBe('200')
      // The call went with the access token, not a key.
      expect(tried.curl).toContain('Authorization: Bearer ')
      expect(tried.curl).not.toContain('x-api-key')
      expect(JSON.parse(tried.answer ?? '{}')).toMatchObject({ plan: 'growth' })
      expect(view.foreignRequests).toEqual([])
      expect(view.errors).toEqual([])
    } finally {
      await view.close()
    }
  })
})
