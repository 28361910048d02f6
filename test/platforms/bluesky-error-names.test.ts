import { describe, expect, test } from 'bun:test'
import { createBlueskyConnector } from '../../src/platforms/bluesky/connector'
import { testConfig } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { silentLogger } from '../support/log'

// An XRPC error answer is {"error", "message"}, `error` the error's type name: "generic ASCII constant, no whitespace"
// (atproto.com/specs/xrpc, error responses; docs/platforms.md#bluesky). The name of a documented error
// (searchPosts' BadQueryString) is said in the search's error; anything else a server puts there (the PDS is the
// account's, and it proxies the AppView) is platform text and stays out of the answer and source health.
const startFake = fakesPerTest()

function pds(error: string) {
  return startFake(async (req) => {
    if (req.url.pathname === '/xrpc/com.atproto.server.createSession')
      return Response.json({ accessJwt: 'a', refreshJwt: 'r', handle: 'me.bsky.social', did: 'did:plc:me' })
    return Response.json({ error, message: 'the query could not be read' }, { status: 400 })
  })
}

const search = (origin: string) => {
  const account = { base_url: origin, identifier: 'me.bsky.social', app_password: 'abcd-efgh-ijkl-mnop' }
  const config = testConfig({ platforms: { bluesky: account } })
  return createBlueskyConnector(config.platforms.bluesky, silentLogger)
    .search('crm', 5)
    .catch((e: Error) => e)
}

describe("Bluesky: an error answer's name", () => {
  test('a documented error type is named', async () => {
    const err = await search(pds('BadQueryString').origin)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 400 })
    expect((err as Error).message).toBe('bluesky answered app.bsky.feed.searchPosts with status 400 (BadQueryString)')
  })

  test('a name that is not a type name (markup, spaces, a line break, an address) is left out', async () => {
    for (const said of ['<img src=x onerror=alert(1)>', 'Bad query\nfrom https://evil.example/x', 'héllo']) {
      const err = await search(pds(said).origin)
      expect(err).toMatchObject({ kind: 'upstream_error', status: 400 })
      expect((err as Error).message).toBe('bluesky answered app.bsky.feed.searchPosts with status 400')
    }
  })
})
