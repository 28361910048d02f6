// docs/security.md#what-is-bounded: a client id that is a URL is read and kept as a client by anyone who names it at
// the token endpoint, which no rate limit guards. Clients nobody has allowed count against oauth.max_unused_clients
// whether they registered or came from a metadata document, so naming new document URLs cannot fill the database.
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { oauthWorld, pkcePair, REDIRECT_URI, tokenRequest } from '../support/oauth'

// Any number of valid metadata documents, one per path, as a host the caller controls would serve.
const docs: Bun.Server<undefined> = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const self = `http://127.0.0.1:${docs.port}${new URL(req.url).pathname}`
    return Response.json({ client_id: self, client_name: 'Doc Client', redirect_uris: [REDIRECT_URI] })
  },
})
afterAll(() => docs.stop(true))
let stop: (() => void) | undefined
afterEach(() => stop?.())

describe('clients from metadata documents', () => {
  test('past oauth.max_unused_clients a new one is not kept; the token endpoint says invalid_client, authorize a page', async () => {
    const w = await oauthWorld({ config: { oauth: { allow_private_client_urls: true, max_unused_clients: 3 } } })
    stop = w.stop
    const clients = async () =>
      Number((await w.deps.database.client.execute('select count(*) from oauth_clients')).rows[0][0])
    for (let i = 0; i < 8; i++) {
      const r = await tokenRequest(w, {
        grant_type: 'authorization_code',
        client_id: `http://127.0.0.1:${docs.port}/c/${i}.json`,
        code: 'x',
        code_verifier: 'y'.repeat(43),
        redirect_uri: REDIRECT_URI,
      })
      expect(r.status).toBeGreaterThanOrEqual(400)
      expect(r.status).toBeLessThan(500)
    }
    expect(await clients()).toBe(3)
    const url = new URL(`${w.base}/oauth/authorize`)
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: `http://127.0.0.1:${docs.port}/c/new.json`,
      redirect_uri: REDIRECT_URI,
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    }))
      url.searchParams.set(k, v)
    const page = await fetch(url, { redirect: 'manual' })
    expect(page.status).toBe(400)
    expect(page.headers.get('location')).toBeNull()
    expect(await page.text()).toContain('Too many applications')
    expect(await clients()).toBe(3)
    // A day later the unused ones are gone, and a new document is read and kept.
    w.clock.set(new Date(w.clock.now().getTime() + 25 * 3_600_000))
    expect((await fetch(url, { redirect: 'manual' })).status).toBe(302)
    expect(await clients()).toBe(1)
  })
})

describe('reading metadata documents', () => {
  test("one host's documents are read at most 30 times in 10 minutes, however many URLs are named", async () => {
    let reads = 0
    // A host that answers every path with something that is not a document, as a third party's site would.
    const site = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch() {
        reads++
        return new Response('not here', { status: 404 })
      },
    })
    const w = await oauthWorld({ config: { oauth: { allow_private_client_urls: true } } })
    stop = () => {
      w.stop()
      site.stop(true)
    }
    const name = (i: number) =>
      tokenRequest(w, {
        grant_type: 'authorization_code',
        client_id: `http://127.0.0.1:${site.port}/page/${i}`,
        code: 'x',
        code_verifier: 'y'.repeat(43),
        redirect_uri: REDIRECT_URI,
      })
    for (let i = 0; i < 40; i++) expect((await name(i)).body.error).toBe('invalid_client')
    expect(reads).toBe(30)
    expect((await name(40)).body.error).toBe('invalid_client')
    expect(reads).toBe(30)
    w.clock.set(new Date(w.clock.now().getTime() + 11 * 60_000))
    await name(41)
    expect(reads).toBe(31)
  })
})
