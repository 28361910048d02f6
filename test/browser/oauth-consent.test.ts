// An app asks for access; a person signs in, reads the consent page, allows, and later disconnects it in Settings.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import { closeBrowser, fitsWidth, launchBrowser, openPage, screenshot, signIn } from '../support/browser'
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
  test('sign in, see the client, the redirect host and the scopes, Allow; Disconnect stops the token, and another tab shows it gone', async () => {
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
      // Not signed in yet: the sign-in form first, then the request it came for.
      await signIn(view, 'ann@acme.test', PASSWORD, url.href)
      await view.page.getByRole('heading', { name: 'Connect an app' }).waitFor()
      const consent = view.page.locator('.consent')
      await consent.getByText('Research Assistant').waitFor()
      const text = (await consent.textContent()) ?? ''
      expect(text).toContain('127.0.0.1:53682')
      expect(text).toContain('signals:read')
      expect(text).toContain('usage:read')
      expect(text).not.toContain('leads:score')
      // The answer goes to a listener on this computer, which any program here can open: MCP's authorization asks
      // the page to warn of a loopback-only redirect URI.
      const warning = consent.getByRole('note')
      expect(await warning.textContent({ timeout: 5000 })).toContain('any program on this computer can listen there')
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
      // A third tab, open on Settings before the app is disconnected in the second.
      const stale = await view.context.newPage()
      await stale.goto(`${world.base}/#/settings`)
      const staleRow = stale.getByRole('row', { name: /Research Assistant/ })
      await staleRow.waitFor()
      await row.getByRole('button', { name: 'Disconnect Research Assistant' }).click()
      await row.getByRole('button', { name: 'Yes, disconnect' }).click()
      await settings.getByText('No app is connected.').waitFor()
      expect((await usage()).status).toBe(401)
      // Disconnect there is refused; the row went on offering it, to fail again, until the page was reloaded.
      await staleRow.getByRole('button', { name: 'Disconnect Research Assistant' }).click()
      await staleRow.getByRole('button', { name: 'Yes, disconnect' }).click()
      expect(await stale.getByRole('alert').textContent()).toMatch(/^the team has no connected app grant_\S+$/)
      await stale.getByText('No app is connected.').waitFor({ timeout: 5000 })
      // Only the redirect to the app left the service's origin.
      expect(view.foreignRequests.every((u) => u.startsWith(REDIRECT_URI))).toBe(true)
    } finally {
      await view.close()
    }
  })
  test('an app whose answer goes to an https address is shown without the warning of a local one', async () => {
    const client = (
      await registerClient(world, { client_name: 'Web Helper', redirect_uris: ['https://app.example/cb'] })
    ).body
    const { challenge } = pkcePair()
    const url = authorizeUrl(world, client.client_id, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      redirect_uri: 'https://app.example/cb',
    })
    const view = await openPage(browser, world.base)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, url.href)
      const consent = view.page.locator('.consent')
      await consent.getByText('Web Helper').waitFor()
      expect(await consent.textContent()).toContain('app.example')
      expect(await consent.getByRole('note').count()).toBe(0)
    } finally {
      await view.close()
    }
  })
  test('a client name that forces right-to-left (U+202E) cannot turn the consent sentence around', async () => {
    // Anyone can register a client (docs/oauth.md): its name is a stranger's text, shown as platform text is
    // (docs/security.md#platform-text). Unisolated, the override ran on to the end of the heading, so the user read
    // "wants to use lead-signals as …" backwards at the far end of the line.
    const client = (await registerClient(world, { client_name: 'Helper\u202e' })).body
    const { challenge } = pkcePair()
    const url = authorizeUrl(world, client.client_id, { code_challenge: challenge, code_challenge_method: 'S256' })
    const view = await openPage(browser, world.base)
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, url.href)
      const heading = view.page.locator('.consent h2')
      await heading.getByText('wants to use').waitFor()
      // Where "wants" is drawn: just after the name, on its line, when the name's direction stays inside it.
      const place = await heading.evaluate((h) => {
        const name = h.querySelector('strong')?.getBoundingClientRect()
        const walker = h.ownerDocument.createTreeWalker(h, 4) // text nodes
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf('wants') ?? -1
          if (at < 0) continue
          const range = h.ownerDocument.createRange()
          range.setStart(node, at)
          range.setEnd(node, at + 5)
          const word = range.getBoundingClientRect()
          return {
            gap: Math.round(word.left - (name?.right ?? 0)),
            sameLine: Math.abs(word.top - (name?.top ?? 0)) < 4,
          }
        }
        return null
      })
      expect(place?.sameLine).toBe(true)
      expect(place?.gap).toBeGreaterThanOrEqual(0)
      expect(place?.gap).toBeLessThan(20)
    } finally {
      await view.close()
    }
  })
})

// Anyone may register a redirect URI (docs/oauth.md#clients), and a DNS name may be 253 characters with no space in it
// (RFC 1035 §2.3.4): such a host ran off the consent page, so a phone, and a desktop too, showed its trusted-looking
// start and hid the end that names whose it is.
// Three labels of 60 characters, then the domain that owns them.
const HOST = `app.example.com.${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.evil.example`

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
])
  test(`${viewport.width} px: a long redirect host wraps, and all of it is on screen`, async () => {
    const redirect = `https://${HOST}/cb`
    const client = (await registerClient(world, { client_name: 'Helper', redirect_uris: [redirect] })).body
    const url = authorizeUrl(world, client.client_id, {
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
      redirect_uri: redirect,
    })
    const view = await openPage(browser, world.base, { viewport })
    try {
      await signIn(view, 'ann@acme.test', PASSWORD, url.href)
      const host = view.page.locator('.consent strong', { hasText: 'evil.example' })
      expect(await host.textContent()).toBe(HOST)
      expect(await fitsWidth(view.page)).toBe(true)
      // Every line of the host lies within the page, the last (with evil.example) among them.
      const right = await host.evaluate((el) => Math.max(...[...el.getClientRects()].map((r) => r.right)))
      expect(right).toBeLessThanOrEqual(viewport.width)
      await screenshot(view.page, `oauth-consent-long-host-${viewport.width}`)
    } finally {
      await view.close()
    }
  })
