import { describe, expect, test } from 'bun:test'
import { resetIn } from '../support/reset-headers'
import { longText } from '../support/fake-upstream'
import { blueskyRateLimited } from '../support/platform-rules'
import { expectSpentLimitHeld } from '../support/spent-limit'
import { connector, pdsFakes, post } from './bluesky-fake'

// The Bluesky connector searching and reading posts against the fake PDS in bluesky-fake.ts. Its session (login,
// refresh) is in bluesky-session.test.ts.
const fakePds = pdsFakes()

describe('bluesky connector against a fake PDS', () => {
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
      authorId: 'did:plc:abc123',
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
      authorId: 'did:plc:gone',
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
