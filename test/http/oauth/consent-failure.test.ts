// The user's Allow keeps a grant only with the code it issues (docs/oauth.md#connected-apps): when the code cannot be
// issued, no connected app is left behind that no token ever came from. Here the client's metadata document drops the
// redirect URI a waiting request named, and the document is read again before the user answers.
import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { authorizeUrl, oauthWorld, pkcePair, REDIRECT_URI } from '../../support/oauth'

const OTHER_URI = `${REDIRECT_URI}/other`
let redirectUris = [REDIRECT_URI, OTHER_URI]
const docs = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (req) => Response.json({ client_id: req.url, client_name: 'Doc Client', redirect_uris: redirectUris }),
})
afterAll(() => docs.stop(true))
let stop: (() => void) | undefined
afterEach(() => stop?.())

const SAME_SITE = { 'sec-fetch-site': 'same-origin' }
const HOUR = 3_600_000

describe('an Allow whose code cannot be issued', () => {
  test('leaves no grant, and the user is told', async () => {
    const w = await oauthWorld({ config: { oauth: { allow_private_client_urls: true } } })
    stop = w.stop
    const clientId = `http://127.0.0.1:${docs.port}/client.json`
    const start = async (redirectUri: string) => {
      const url = authorizeUrl(w, clientId, {
        redirect_uri: redirectUri,
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
      })
      const res = await fetch(url, { redirect: 'manual' })
      return /^\/#\/authorize\/(.+)$/.exec(res.headers.get('location') ?? '')?.[1] as string
    }
    const later = (ms: number) => w.clock.set(new Date(w.clock.now().getTime() + ms))

    expect(await start(REDIRECT_URI)).toBeString() // the document is read now, and held for a day
    later(24 * HOUR - 60_000)
    const waiting = await start(OTHER_URI)
    expect(waiting).toBeString()
    // The document drops that URI and is read again, for another request, before the user answers the first.
    redirectUris = [REDIRECT_URI]
    later(2 * 60_000)
    expect(await start(REDIRECT_URI)).toBeString()

    const cookie = await w.signIn()
    const decided = await fetch(`${w.base}/console/api/authorize/${waiting}`, {
      method: 'POST',
      headers: { ...SAME_SITE, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ allow: true }),
    })
    expect(decided.status).toBe(400)
    expect(await decided.json()).toEqual({
      error: {
        code: 'invalid_request',
        message:
          'this application has changed its registration since it asked, and no longer allows this request; start again from the application',
      },
    })
    expect(await w.deps.repos.oauth.listGrants(w.team.id)).toEqual([])
  })
})
