import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { oauthWorld, obtainTokens, pkcePair, REDIRECT_URI, tokenRequest } from '../../support/oauth'

// A client that publishes its metadata document on 127.0.0.1 (docs/oauth.md#clients).
const hits: string[] = []
let flakyDown = false
const docs: Bun.Server<undefined> = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const path = new URL(req.url).pathname
    hits.push(path)
    const self = `http://127.0.0.1:${docs.port}${path}`
    if (path === '/client.json')
      return Response.json({ client_id: self, client_name: 'Doc Client', redirect_uris: [REDIRECT_URI] })
    if (path === '/flaky.json')
      return flakyDown
        ? new Response('maintenance', { status: 503 })
        : Response.json({ client_id: self, client_name: 'Flaky Client', redirect_uris: [REDIRECT_URI] })
    if (path === '/someone-else.json')
      return Response.json({ client_id: 'https://x.example/c.json', redirect_uris: [REDIRECT_URI] })
    if (path === '/moved.json') return new Response(null, { status: 302, headers: { location: '/client.json' } })
    return new Response('no', { status: 404 })
  },
})
afterAll(() => docs.stop(true))

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world(config: Record<string, unknown> = {}) {
  const w = await oauthWorld({ config })
  stop = w.stop
  return w
}

function authorize(base: string, clientId: string, challenge: string) {
  const url = new URL(`${base}/oauth/authorize`)
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url
}

describe('client metadata documents (docs/oauth.md#clients)', () => {
  test('a client id URL on 127.0.0.1 or localhost is refused by default, before anything is fetched', async () => {
    const w = await world()
    const before = hits.length
    for (const id of [
      `https://127.0.0.1:${docs.port}/client.json`,
      `https://localhost:${docs.port}/client.json`,
      `http://127.0.0.1:${docs.port}/client.json`,
    ]) {
      const res = await fetch(authorize(w.base, id, pkcePair().challenge), { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
    }
    expect(hits.length).toBe(before)
  })

  test('with oauth.allow_private_client_urls the document is read, shown on the consent page, and its tokens work', async () => {
    const w = await world({ oauth: { allow_private_client_urls: true } })
    const clientId = `http://127.0.0.1:${docs.port}/client.json`
    const { verifier, challenge } = pkcePair()
    const answer = await w.consent(authorize(w.base, clientId, challenge), await w.signIn())
    expect(answer.shown.client).toMatchObject({ id: clientId, name: 'Doc Client', verified: true })
    const code = answer.redirect?.searchParams.get('code') as string
    const tokens = await tokenRequest(w, {
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
    })
    expect(tokens.status).toBe(200)
    expect(tokens.body.token_type).toBe('Bearer')
  })

  test('a document that names another client id, or a redirect to one, is refused', async () => {
    const w = await world({ oauth: { allow_private_client_urls: true } })
    for (const path of ['/someone-else.json', '/moved.json', '/missing.json']) {
      const before = hits.length
      const res = await fetch(authorize(w.base, `http://127.0.0.1:${docs.port}${path}`, pkcePair().challenge), {
        redirect: 'manual',
      })
      expect(res.status).toBe(400)
      // Fetched once, never followed.
      expect(hits.slice(before)).toEqual([path])
    }
  })

  test('registered clients keep working beside documents', async () => {
    const w = await world({ oauth: { allow_private_client_urls: true } })
    expect((await obtainTokens(w)).access_token).toMatch(/^[0-9a-f]{64}$/)
  })

  // The consent page describes the client the request was made for, as it was then: a document read again on that
  // page (a day after the last read, minutes after the request) that failed answered 500.
  test('the consent page shows, and Allow answers, the client of the request even when its document can no longer be read', async () => {
    const w = await world({ oauth: { allow_private_client_urls: true } })
    const clientId = `http://127.0.0.1:${docs.port}/flaky.json`
    const start = w.clock.now().getTime()
    flakyDown = false
    const first = await fetch(authorize(w.base, clientId, pkcePair().challenge), { redirect: 'manual' })
    expect(first.status).toBe(302)
    // A minute before the day is out the stored document is still fresh: the request is made without a read.
    w.clock.set(new Date(start + 24 * 3_600_000 - 60_000))
    const asked = await fetch(authorize(w.base, clientId, pkcePair().challenge), { redirect: 'manual' })
    const id = /^\/#\/authorize\/(.+)$/.exec(asked.headers.get('location') ?? '')?.[1]
    expect(id).toBeString()
    w.clock.set(new Date(start + 24 * 3_600_000 + 60_000))
    flakyDown = true
    try {
      const cookie = await w.signIn()
      const shown = await fetch(`${w.base}/console/api/authorize/${id}`, {
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      })
      expect(shown.status).toBe(200)
      expect(((await shown.json()) as { client: unknown }).client).toMatchObject({ id: clientId, name: 'Flaky Client' })
      // Allow too: it answered 500 (the grant library read the document again, which failed) after using the request
      // up and recording a connected app without a code.
      const allowed = await fetch(`${w.base}/console/api/authorize/${id}`, {
        method: 'POST',
        headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({ allow: true }),
      })
      expect(allowed.status).toBe(200)
      const back = new URL(((await allowed.json()) as { redirect: string }).redirect)
      expect(back.origin + back.pathname).toBe(REDIRECT_URI)
      expect(back.searchParams.get('code')).toBeString()
    } finally {
      flakyDown = false
    }
  })
})
