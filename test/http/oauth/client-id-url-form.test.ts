import { afterAll, describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorldsPerTest, pkcePair, REDIRECT_URI } from '../../support/oauth'

// docs/oauth.md#clients: a client id URL is shown on the consent page as who asks ("Identified by …"), so it must name
// the document's host as every reader does. The OAuth Client ID Metadata Document draft (§3) says such an id has no
// user information, fragment, or "." / ".." path segments. Each id below was fetched from 127.0.0.1 (the WHATWG URL
// Standard reads a backslash as a slash, drops a tab and takes what is before '@' as user information) while it reads
// as trusted.example to a user, or is not the URL that was fetched; each went on to the consent page.
const world = oauthWorldsPerTest()
let served = ''
const docs = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  // The document names the id the test asked with, as the client that publishes it would.
  fetch: () => Response.json({ client_id: served, client_name: 'Trusted', redirect_uris: [REDIRECT_URI] }),
})
afterAll(() => docs.stop(true))
const at = `127.0.0.1:${docs.port}`

const authorize = (w: Parameters<typeof authorizeUrl>[0], clientId: string) =>
  authorizeUrl(w, clientId, { code_challenge: pkcePair().challenge, code_challenge_method: 'S256' })

describe('a client id URL that URL readers read differently', () => {
  test('is no client: the user is shown an error page, not the consent page', async () => {
    const w = await world({ config: { oauth: { allow_private_client_urls: true } } })
    for (const id of [
      `http://trusted.example@${at}/client.json`,
      `http://${at}\\@trusted.example/client.json`,
      `http://${at}/trusted.example\t/client.json`,
      `http://${at}/client.json#trusted.example`,
      `http://${at}/trusted.example/../client.json`,
      `http://${at}/trusted.example/%2e%2e/client.json`,
    ]) {
      served = id
      const res = await fetch(authorize(w, id), { redirect: 'manual' })
      expect([id, res.status, res.headers.get('location')]).toEqual([id, 400, null])
      expect(await res.text()).toContain('This application cannot be used: a client id URL must')
    }
  })

  test('one written plainly is still read', async () => {
    const w = await world({ config: { oauth: { allow_private_client_urls: true } } })
    served = `http://${at}/apps/client.json?v=2`
    const res = await fetch(authorize(w, served), { redirect: 'manual' })
    expect([res.status, res.headers.get('location')?.startsWith('/#/authorize/')]).toEqual([302, true])
  })
})
