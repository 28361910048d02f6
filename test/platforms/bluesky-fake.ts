import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createBlueskyConnector } from '../../src/platforms/bluesky/connector'
import { fakesPerTest, type Received } from '../support/fake-upstream'

// A fake PDS: createSession / refreshSession hand out numbered token pairs, searchPosts checks the Bearer token and
// answers an expired one as the reference PDS does: 400 {"error":"ExpiredToken","message":"Token has expired"}.
// Shared by bluesky.test.ts (searching) and bluesky-session.test.ts (logging in and keeping the session).

type Pds = {
  posts?: (req: Received) => unknown[] | Response
  cursor?: (req: Received) => string | undefined
  refuseRefresh?: boolean
  delayLogin?: number
}
function fakePds(startFake: ReturnType<typeof fakesPerTest>, opts: Pds = {}) {
  let issued = 0
  const valid = new Set<string>()
  const refreshable = new Set<string>()
  const expired = new Set<string>()
  const revoked = new Set<string>()
  const pair = () => {
    issued++
    valid.add(`access-${issued}`)
    refreshable.add(`refresh-${issued}`)
    return {
      accessJwt: `access-${issued}`,
      refreshJwt: `refresh-${issued}`,
      handle: 'me.bsky.social',
      did: 'did:plc:me',
      active: true,
    }
  }
  const xrpcError = (status: number, error: string, message: string) => Response.json({ error, message }, { status })
  const bearer = (req: Received) => req.headers.get('authorization')?.replace(/^Bearer /, '') ?? ''
  const f = startFake(async (req) => {
    switch (req.url.pathname) {
      case '/xrpc/com.atproto.server.createSession': {
        if (opts.delayLogin) await Bun.sleep(opts.delayLogin)
        const { identifier, password } = JSON.parse(req.body)
        if (identifier !== 'me.bsky.social' || password !== 'abcd-efgh-ijkl-mnop')
          return xrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password')
        return Response.json(pair())
      }
      case '/xrpc/com.atproto.server.refreshSession': {
        const token = bearer(req)
        if (opts.refuseRefresh || !refreshable.delete(token)) return xrpcError(400, 'ExpiredToken', 'Token has expired')
        return Response.json(pair())
      }
      case '/xrpc/app.bsky.feed.searchPosts': {
        const token = bearer(req)
        if (expired.has(token)) return xrpcError(400, 'ExpiredToken', 'Token has expired')
        if (revoked.has(token)) return xrpcError(400, 'InvalidToken', 'Token could not be verified')
        if (!valid.has(token)) return xrpcError(401, 'AuthenticationRequired', 'Authentication Required')
        const posts = opts.posts ? opts.posts(req) : []
        if (posts instanceof Response) return posts
        return Response.json({ posts, cursor: opts.cursor?.(req), hitsTotal: posts.length })
      }
    }
    return xrpcError(501, 'MethodNotImplemented', 'Method Not Implemented')
  })
  const calls = (nsid: string) => f.received.filter((r) => r.url.pathname === `/xrpc/${nsid}`)
  return {
    ...f,
    logins: () => calls('com.atproto.server.createSession'),
    refreshes: () => calls('com.atproto.server.refreshSession'),
    searches: () => calls('app.bsky.feed.searchPosts'),
    expireAll: () => {
      for (const t of valid) expired.add(t)
    },
    revokeAll: () => {
      for (const t of valid) revoked.add(t)
    },
  }
}

export const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createBlueskyConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_BLUESKY_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_BLUESKY_IDENTIFIER: 'me.bsky.social',
        LEAD_SIGNALS_PLATFORMS_BLUESKY_APP_PASSWORD: 'abcd-efgh-ijkl-mnop',
        ...env,
      },
    }).platforms.bluesky,
    createLogger((l) => lines.push(l)),
  )

export const post = (n: number, extra: Record<string, unknown> = {}) => ({
  uri: `at://did:plc:abc123/app.bsky.feed.post/3lxyz${n}`,
  cid: `bafyrei${n}`,
  author: {
    did: 'did:plc:abc123',
    handle: 'jane.bsky.social',
    displayName: 'Jane',
    avatar: 'https://cdn.bsky.app/a.jpg',
    labels: [],
  },
  record: {
    $type: 'app.bsky.feed.post',
    text: `Anyone tried Acme? ${n}`,
    createdAt: new Date(Date.UTC(2026, 2, 1, 12) - n * 60_000).toISOString(),
    langs: ['en'],
  },
  replyCount: 2,
  repostCount: 1,
  likeCount: 9,
  quoteCount: 3,
  bookmarkCount: 0,
  indexedAt: '2026-03-01T12:00:01.234Z',
  labels: [],
  ...extra,
})

/** A fake PDS per test (stopped after each), for the test file that calls this at its top. */
export function pdsFakes() {
  const startFake = fakesPerTest()
  return (opts: Pds = {}) => fakePds(startFake, opts)
}
