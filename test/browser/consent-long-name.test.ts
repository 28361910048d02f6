// The OAuth consent page for an app with a long name (docs/oauth.md#consent): it names the app as it named itself, up
// to 100 characters of anyone's choice with no space to break them at. The name wraps; Allow and Deny stay on a
// phone's screen. The console's other long names are in long-names.test.ts.
import { describe, expect, test } from 'bun:test'
import { fitsWidth, openPage, screenshot, signIn } from '../support/browser'
import { OWNER_PASSWORD, oneTeamConsole } from '../support/one-team-console'

const con = oneTeamConsole({ team: 'acme', owner: 'ann@acme.test' })
const PHONE = { width: 390, height: 844 }

describe('long names', () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }])
    test(`${viewport.width} px: the consent page wraps an app's long name; Allow and Deny stay on screen`, async () => {
      const redirect = 'http://127.0.0.1:53682/callback'
      const registered = await fetch(`${con.app.origin}/oauth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_name: 'N'.repeat(100),
          redirect_uris: [redirect],
          token_endpoint_auth_method: 'none',
        }),
      })
      const client = (await registered.json()) as { client_id: string }
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: redirect,
        code_challenge: 'c'.repeat(43),
        code_challenge_method: 'S256',
        scope: 'signals:read',
      })
      const view = await openPage(con.browser, con.app.origin, { viewport })
      try {
        await signIn(view, con.owner, OWNER_PASSWORD, `/oauth/authorize?${query}`)
        await view.page.locator('.consent', { hasText: 'N'.repeat(100) }).waitFor()
        expect(await fitsWidth(view.page)).toBe(true)
        const name = await view.page.locator('.consent h2').boundingBox()
        expect((name?.x ?? 0) + (name?.width ?? 0)).toBeLessThanOrEqual(viewport.width)
        const deny = await view.page.getByRole('button', { name: 'Deny' }).boundingBox()
        expect((deny?.x ?? 0) + (deny?.width ?? 0)).toBeLessThanOrEqual(viewport.width)
        await screenshot(view.page, `long-names-consent-${viewport.width}`)
      } finally {
        await view.close()
      }
    })
})
