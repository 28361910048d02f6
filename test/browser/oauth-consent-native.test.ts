// docs/oauth.md#consent: an app whose answer goes to its own scheme (RFC 8252 §7.1, `com.example.app:/…`) is shown by
// that scheme, with a warning that any program on the computer can claim it. The page said the scheme was "an address
// on this computer" where a program "can listen", which is a loopback listener's warning, not a scheme's.
import { expect, test } from 'bun:test'
import { closeBrowser, launchBrowser, openPage, signIn } from '../support/browser'
import { authorizeUrl, oauthWorld, PASSWORD, pkcePair, registerClient } from '../support/oauth'

test("a native app's own scheme is named, with the warning that any program on this computer can claim it", async () => {
  const world = await oauthWorld()
  const browser = await launchBrowser()
  const redirect = 'com.example.app:/oauth2redirect'
  try {
    const client = (await registerClient(world, { client_name: 'Desk App', redirect_uris: [redirect] })).body
    const { challenge } = pkcePair()
    const url = authorizeUrl(world, client.client_id, {
      code_challenge: challenge,
      code_challenge_method: 'S256',
      redirect_uri: redirect,
    })
    const view = await openPage(browser, world.base)
    await signIn(view, 'ann@acme.test', PASSWORD, url.href)
    const consent = view.page.locator('.consent')
    await consent.getByText('Desk App').waitFor()
    expect(await consent.textContent()).toContain('you go back to com.example.app:')
    const warning = (await consent.getByRole('note').textContent({ timeout: 5000 })) ?? ''
    expect(warning).toContain('com.example.app: links open an app on this computer')
    expect(warning).toContain('any program on this computer can claim them')
    await view.close()
  } finally {
    await closeBrowser(browser)
    world.stop()
  }
})
