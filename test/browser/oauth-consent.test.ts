// An app asks for access; a person signs in, reads the consent page, allows, and later disconnects it in Settings.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { closeBrowser, launchBrowser, openPage, screenshot } from '../support/browser'
import {
  authorizeUrl,
  bearer,
  oauthWorld,
  PASSWORD,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
} from '../support/oauth'

let browser: Browser
let world: Awaited<ReturnType<typeof oauthWorld>>

beforeAll(async () => {
  world = await oauthWorld()
  browser = await launchBrowser()
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  world?.stop()
})

describe('OAuth consent in the console (docs/oauth.md#consent)', () => {
  test('sign in, see the client, the redirect host and the scopes, Allow; Disconnect stops the token', async () => {
    const client = (await registerClient(world, { client_name: 'Research Assistant' })).body
    const { verifier, challenge } = pkcePair()
    const url = authorizeUrl(world, client.client_id, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      scope: 'signals:read usage:read',
      state: 'st8',
    })
    const view = await openPage(browser, world.base)
    try {
      await view.page.goto(url.href)
      // Not signed in yet: the sign-in form first, then the request it came for.
      await view.page.getByLabel('Email').fill('ann@acme.test')
      await view.page.getByLabel('Password').fill(PASSWORD)
      await view.page.getByRole('button', { name: 'Sign in' }).click()
      await view.page.getByRole('heading', { name: 'Connect an app' }).waitFor()
      const consent = view.page.locator('.consent')
      await consent.getByText('Research Assistant').waitFor()
      const text = (await consent.textContent()) ?? ''
      expect(text).toContain('127.0.0.1:53682')
      expect(text).toContain('signals:read')
      expect(text).toContain('usage:read')
      expect(text).not.toContain('leads:score')
      await screenshot(view.page, 'console-oauth-consent')

      const sent = view.page.waitForRequest((r) => r.url().startsWith(REDIRECT_URI))
      await view.page.getByRole('button', { name: 'Allow' }).click()
      const back = new URL((await sent).url())
      expect(back.searchParams.get('state')).toBe('st8')
      expect(back.searchParams.get('iss')).toBe(world.base)
      const form = {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') as string,
        code_verifier: verifier,
        client_id: client.client_id,
        redirect_uri: REDIRECT_URI,
      }
      const tokens = await tokenRequest(world, form)
      expect(tokens.status).toBe(200)
      const usage = () => fetch(`${world.base}/api/v1/usage`, { headers: bearer(tokens.body.access_token) })
      expect((await usage()).status).toBe(200)

      // The app's redirect URI has no server here; Settings opens in another tab of the same session.
      const settings = await view.context.newPage()
      await settings.goto(`${world.base}/#/settings`)
      const row = settings.getByRole('row', { name: /Research Assistant/ })
      await row.waitFor()
      expect((await row.textContent()) ?? '').toContain('signals:read, usage:read')
      await screenshot(settings, 'console-connected-apps')
      await row.getByRole('button', { name: 'Disconnect Research Assistant' }).click()
      await row.getByRole('button', { name: 'Yes, disconnect' }).click()
      await settings.getByText('No app is connected.').waitFor()
      expect((await usage()).status).toBe(401)
      // Only the redirect to the app left the service's origin.
      expect(view.foreignRequests.every((u) => u.startsWith(REDIRECT_URI))).toBe(true)
    } finally {
      await view.close()
    }
  })
})
