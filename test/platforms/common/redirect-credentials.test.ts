import { describe, expect, test } from 'bun:test'
import { sendPlatformRequest } from '../../../src/platforms/http'
import { fakesPerTest } from '../../support/fake-upstream'

const upstream = fakesPerTest()

// docs/security.md#outbound-requests: a platform's key goes to the platform's own origin only. The runtime drops
// Authorization when a redirect leaves the origin, as the Fetch standard says, but not a key in a header of its own
// (DEV's `api-key`): a redirect to another host would hand the key over.
describe('a redirect from a platform', () => {
  test('to another origin carries none of the headers that hold keys; within the origin, they go on', async () => {
    const elsewhere = upstream(() => Response.json({ where: 'elsewhere' }))
    // The same server under another name (localhost, not 127.0.0.1) is another origin.
    const other = elsewhere.origin.replace('127.0.0.1', 'localhost')
    const platform = upstream((req) =>
      req.url.pathname === '/away'
        ? Response.redirect(`${other}/landed`, 302)
        : req.url.pathname === '/file'
          ? new Response(null, { status: 302, headers: { location: 'file:///etc/hostname' } })
          : req.url.pathname === '/moved'
            ? Response.redirect('/here', 301)
            : Response.json({ where: 'platform' }),
    )
    const headers = { 'api-key': 'devto-key', authorization: 'Bearer token', 'x-github-api-version': '2022-11-28' }
    const send = (path: string) =>
      sendPlatformRequest({ platform: 'devto', url: new URL(path, platform.origin), timeoutMs: 5_000, headers })

    expect(JSON.parse((await send('/away')).text)).toEqual({ where: 'elsewhere' })
    const landed = elsewhere.received[0].headers
    expect([landed.get('api-key'), landed.get('authorization')]).toEqual([null, null])
    expect(landed.get('user-agent')).toContain('lead-signals')

    // Nowhere but the web: the runtime's fetch reads file: URLs too.
    expect(await send('/file')).toMatchObject({ status: 302, text: '' })

    expect(JSON.parse((await send('/moved')).text)).toEqual({ where: 'platform' })
    const here = platform.received.at(-1)
    expect([here?.url.pathname, here?.headers.get('api-key'), here?.headers.get('authorization')]).toEqual([
      '/here',
      'devto-key',
      'Bearer token',
    ])
  })

  test('a POST answered 302 or 303 is asked again as a GET without its body; 307 keeps both', async () => {
    const platform = upstream((req) => {
      const p = req.url.pathname
      if (p === '/see-other') return Response.redirect('/result', 303)
      if (p === '/found') return Response.redirect('/result', 302)
      if (p === '/temporary') return Response.redirect('/result', 307)
      return Response.json({ method: req.method, body: req.body })
    })
    const post = async (path: string) =>
      JSON.parse(
        (
          await sendPlatformRequest({
            platform: 'reddit',
            url: new URL(path, platform.origin),
            timeoutMs: 5_000,
            form: new URLSearchParams({ grant_type: 'client_credentials' }),
          })
        ).text,
      )
    expect(await post('/see-other')).toEqual({ method: 'GET', body: '' })
    expect(await post('/found')).toEqual({ method: 'GET', body: '' })
    expect(await post('/temporary')).toEqual({ method: 'POST', body: 'grant_type=client_credentials' })
  })
})
