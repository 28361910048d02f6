import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createBlueskyConnector } from '../../src/platforms/bluesky/connector'
import { resetIn } from '../support/reset-headers'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'
import { blueskyRateLimited } from '../support/platform-rules'
import { expectSpentLimitHeld } from '../support/spent-limit'

// A fake PDS: createSession / refreshSession hand out numbered token pairs, searchPosts checks the Bearer token and
// answers an expired one as the reference PDS does: 400 {"error":"ExpiredToken","message":"Token has expired"}.
const startFake = fakesPerTest()

type Pds = {
  posts?: (req: Received) => unknown[] | Response
  cursor?: (req: Received) => string | undefined
  refuseRefresh?: boolean
  delayLogin?: number
}
function fakePds(opts: Pds = {}) {
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

const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
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

const post = (n: number, extra: Record<string, unknown> = {}) => ({
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

describe('bluesky connector against a fake PDS', () => {
  test('logs in with the app password, then searches the newest posts with the access token', async () => {
    const pds = fakePds()
    await connector(pds.origin).search('crm tool', 7)
    const [login] = pds.logins()
    expect(login.method).toBe('POST')
    expect(login.headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(login.body)).toEqual({ identifier: 'me.bsky.social', password: 'abcd-efgh-ijkl-mnop' })
    const [search] = pds.searches()
    expect(search.method).toBe('GET')
    expect(Object.fromEntries(search.url.searchParams)).toEqual({ q: 'crm tool', sort: 'latest', limit: '7' })
    expect(search.headers.get('authorization')).toBe('Bearer access-1')
    expect(search.headers.get('user-agent')).toContain('lead-signals')
  })

  test('two searches, one after the other and two at once, share a single createSession', async () => {
    const pds = fakePds({ posts: () => [post(1)], delayLogin: 50 })
    const c = connector(pds.origin)
    await Promise.all([c.search('crm', 5), c.search('erp', 5)])
    await c.search('crm', 5)
    expect(pds.logins()).toHaveLength(1)
    expect(pds.searches()).toHaveLength(3)
    expect(pds.searches().every((r) => r.headers.get('authorization') === 'Bearer access-1')).toBe(true)
  })

  test('an ExpiredToken answer refreshes the session with the refresh token and asks again once', async () => {
    const pds = fakePds({ posts: () => [post(1)] })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.expireAll()
    const mentions = await c.search('crm', 5)
    expect(mentions).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(1)
    expect(pds.refreshes()[0].headers.get('authorization')).toBe('Bearer refresh-1')
    expect(pds.searches().map((r) => r.headers.get('authorization'))).toEqual([
      'Bearer access-1',
      'Bearer access-1',
      'Bearer access-2',
    ])
    expect(pds.logins()).toHaveLength(1)
  })

  test('searches that meet the same expired token at once share one refresh', async () => {
    const pds = fakePds({ posts: () => [post(1)] })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.expireAll()
    await Promise.all([c.search('crm', 5), c.search('erp', 5), c.search('cms', 5)])
    expect(pds.refreshes()).toHaveLength(1)
    expect(pds.logins()).toHaveLength(1)
  })

  test('when the refresh is refused it logs in again and the search still answers', async () => {
    const pds = fakePds({ posts: () => [post(1)], refuseRefresh: true })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.expireAll()
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(1)
    expect(pds.logins()).toHaveLength(2)
    expect(pds.searches().at(-1)!.headers.get('authorization')).toBe('Bearer access-2')
  })

  test('an InvalidToken answer (a revoked session) leads to a new login and one more try', async () => {
    const pds = fakePds({ posts: () => [post(1)] })
    const c = connector(pds.origin)
    await c.search('crm', 5)
    pds.revokeAll()
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(0)
    expect(pds.logins()).toHaveLength(2)
  })

  test('a refused login is an upstream_error without the password, and the next search tries again', async () => {
    const pds = fakePds()
    const lines: string[] = []
    const bad = connector(pds.origin, { LEAD_SIGNALS_PLATFORMS_BLUESKY_APP_PASSWORD: 'wrong-pass-word-here' }, lines)
    const err = await bad.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).toContain('AuthenticationRequired')
    expect(err.message).not.toContain('wrong-pass-word-here')
    expect(lines.join('\n')).not.toContain('wrong-pass-word-here')
    await bad.search('crm', 5).catch(() => {})
    expect(pds.logins()).toHaveLength(2)
    expect(pds.searches()).toHaveLength(0)
  })

  test('a createdAt later than the AppView indexed the post (a client lying or a clock off) gives way to indexedAt', async () => {
    const pds = fakePds({
      posts: () => [
        // docs.bsky.app, "Timestamps": clients may claim any time; a post cannot have been written after it was seen.
        post(1, {
          record: { $type: 'app.bsky.feed.post', text: 'pinned on top', createdAt: '2099-01-01T00:00:00.000Z' },
        }),
        // Backdated (an import of older posts): its own date stands.
        post(2, { record: { $type: 'app.bsky.feed.post', text: 'old', createdAt: '2019-05-01T00:00:00.000Z' } }),
      ],
    })
    const [future, past] = await connector(pds.origin).search('crm', 10)
    expect(future.date).toBe('2026-03-01T12:00:01.234Z')
    expect(past.date).toBe('2019-05-01T00:00:00.000Z')
  })

  test('maps posts: whole text, post and profile URLs from handle and rkey, reposts plus quotes as shares', async () => {
    const text = longText()
    const pds = fakePds({
      posts: () => [
        post(1, { record: { $type: 'app.bsky.feed.post', text, createdAt: '2026-03-01T11:59:00.000Z' } }),
        post(2, {
          author: { did: 'did:plc:gone', handle: 'handle.invalid' },
          record: { text: 'No date here' },
          likeCount: undefined,
          replyCount: undefined,
          repostCount: undefined,
          quoteCount: undefined,
        }),
      ],
    })
    const mentions = await connector(pds.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'bluesky:at://did:plc:abc123/app.bsky.feed.post/3lxyz1',
      author: 'jane.bsky.social',
      platform: 'bluesky',
      content: text,
      url: 'https://bsky.app/profile/jane.bsky.social/post/3lxyz1',
      profileUrl: 'https://bsky.app/profile/jane.bsky.social',
      date: '2026-03-01T11:59:00.000Z',
      engagement: { likes: 9, comments: 2, shares: 4 },
    })
    expect(mentions[1]).toEqual({
      id: 'bluesky:at://did:plc:abc123/app.bsky.feed.post/3lxyz2',
      author: 'did:plc:gone',
      platform: 'bluesky',
      content: 'No date here',
      url: 'https://bsky.app/profile/did:plc:gone/post/3lxyz2',
      profileUrl: 'https://bsky.app/profile/did:plc:gone',
      date: '2026-03-01T12:00:01.234Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  // A search is charged its pages before it is sent and reads no page more (docs/platforms.md#budgets): a page short
  // of what was asked for (removed or malformed items) ends it with fewer than `limit`; a larger limit reads on.
  test('a page with a malformed post: the cursor is followed only within the pages the search was charged', async () => {
    const pds = fakePds({
      posts: ({ url }) => {
        const start = Number(url.searchParams.get('cursor') ?? 0)
        const items: unknown[] = Array.from({ length: Number(url.searchParams.get('limit')) }, (_, i) =>
          post(start + i + 1),
        )
        if (start === 0) items[1] = { uri: 'not-at', author: {} }
        return items
      },
      cursor: ({ url }) => String(Number(url.searchParams.get('cursor') ?? 0) + Number(url.searchParams.get('limit'))),
    })
    expect(await connector(pds.origin).search('crm', 50)).toHaveLength(49)
    expect(pds.searches()).toHaveLength(1)
    const mentions = await connector(pds.origin).search('crm', 150)
    expect(
      pds
        .searches()
        .slice(1)
        .map((r) => r.url.searchParams.get('cursor')),
    ).toEqual([null, '100'])
    expect(mentions).toHaveLength(150)
    expect(mentions.at(-1)!.id.endsWith('/3lxyz151')).toBe(true)
  })

  test('stops when the answer carries no cursor', async () => {
    const pds = fakePds({ posts: () => [post(1), post(2)] })
    expect(await connector(pds.origin).search('crm', 50)).toHaveLength(2)
    expect(pds.searches()).toHaveLength(1)
  })

  test('skips and logs a malformed post', async () => {
    const lines: string[] = []
    const pds = fakePds({ posts: () => [{ uri: 'at://x', record: null }, post(1)] })
    const mentions = await connector(pds.origin, {}, lines).search('crm', 10)
    expect(mentions).toHaveLength(1)
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('an answer without a posts list is an upstream_error; so is a bad query, without refreshing', async () => {
    const a = fakePds({ posts: () => Response.json({ feed: [] }) })
    await expect(connector(a.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    const b = fakePds({
      posts: () => Response.json({ error: 'BadQueryString', message: 'bad query' }, { status: 400 }),
    })
    await expect(connector(b.origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
      message: expect.stringContaining('BadQueryString'),
    })
    expect(b.refreshes()).toHaveLength(0)
  })

  test('a 429 is a rate limit until its ratelimit-reset (epoch seconds), without a new session', async () => {
    const pds = fakePds({ posts: () => blueskyRateLimited(300) })
    const err = await connector(pds.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 429, error: 'RateLimitExceeded' })
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(299)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(300)
    expect(err.message).toContain(
      'bluesky answered app.bsky.feed.searchPosts with a rate limit (429, no requests remaining)',
    )
    expect(pds.logins()).toHaveLength(1)
    expect(pds.refreshes()).toHaveLength(0)
  })

  test('a page whose ratelimit-remaining says none is left ends the search with what it found, and the next is refused unsent until ratelimit-reset', async () => {
    // Bluesky's services answer with the IETF draft's rate-limit headers (docs.bsky.app, "Rate Limits"):
    // ratelimit-limit, -remaining, -reset (epoch seconds), -policy; past the limit, 429.
    const reset = resetIn('ratelimit-reset', 300)
    let used = 0
    const pds = fakePds({
      posts: (req) => {
        if (used >= 2) return blueskyRateLimited(300)
        used++
        const page = req.url.searchParams.get('cursor') ? 2 : 1
        const headers = {
          'ratelimit-limit': '2',
          'ratelimit-remaining': String(2 - used),
          ...reset,
          'ratelimit-policy': '2;w=300',
        }
        return Response.json(
          { posts: [post(page * 10 + 1), post(page * 10 + 2)], cursor: `page-${page + 1}` },
          { headers },
        )
      },
    })
    await expectSpentLimitHeld(connector(pds.origin), {
      limit: 300,
      found: 4,
      resetInSec: 300,
      sent: () => pds.searches().length,
    })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const pds = fakePds({ delayLogin: 400 })
    await expect(
      connector(pds.origin, { LEAD_SIGNALS_PLATFORMS_BLUESKY_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
