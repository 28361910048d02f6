// How the X (Twitter) connector reads recent search answers in the documented shape (data, includes.users, meta):
// the mentions posts become, no match, short pages and next_token, malformed posts, an answer without meta.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { AS_SENT } from '../../src/mention'
import { connector, page, tweet } from './twitter-fake'

const fake = fakesPerTest()

describe("twitter connector: how it reads X's answers", () => {
  test('maps posts: the whole note_tweet text of a long post, the author from includes.users, reposts plus quotes as shares', async () => {
    const long = longText()
    const x = fake(() =>
      page([
        tweet(1, { text: long.slice(0, 275) + '… https://t.co/abc', note_tweet: { text: long } }),
        tweet(2, {
          text: 'Any tips? &amp; thanks, a &lt;b&gt; &amp;amp;',
          public_metrics: undefined,
          author_id: '999',
        }),
      ]),
    )
    const mentions = await connector(x.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'twitter:1790000000000000001',
      author: 'jane',
      // The user id X says stays when the username changes: the person is kept by it (docs/people.md#renamed-accounts).
      authorId: '2244994945',
      platform: 'twitter',
      content: long,
      // docs/platforms.md#as-sent: the raw search's text is the field read, as sent.
      [AS_SENT]: long,
      url: 'https://x.com/jane/status/1790000000000000001',
      profileUrl: 'https://x.com/jane',
      date: '2026-03-01T12:34:56.000Z',
      engagement: { likes: 12, comments: 1, shares: 5 },
    })
    expect(mentions[0].content).toHaveLength(6000)
    // An author missing from includes (suspended, protected) and no metrics: X's /i/ links, 'unknown', zeros.
    // X escapes &, < and > in text (and only those): they are decoded, once.
    expect(mentions[1]).toEqual({
      id: 'twitter:1790000000000000002',
      author: 'unknown',
      // A stand-in, no one's name: it makes no person (docs/people.md#who-is-a-person).
      authorKnown: false,
      platform: 'twitter',
      content: 'Any tips? & thanks, a <b> &amp;',
      [AS_SENT]: 'Any tips? &amp; thanks, a &lt;b&gt; &amp;amp;',
      url: 'https://x.com/i/web/status/1790000000000000002',
      profileUrl: 'https://x.com/i/user/999',
      date: '2026-03-01T12:34:56.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  test('no match: data absent and result_count 0 is an empty list', async () => {
    const x = fake(() => Response.json({ meta: { result_count: 0 } }))
    expect(await connector(x.origin).search('crm', 10)).toEqual([])
  })

  // X's pages may hold fewer posts than max_results, next_token or not (docs.x.com, Pagination: "Do not rely on the
  // results per page always equaling the max_results"). A search is charged its pages at 100 a page before it is sent
  // (docs/platforms.md#budgets), so it sends no page more: a short page then ends it with fewer than `limit` posts.
  test('short pages: next_token is followed only within the pages the search was charged, asking for what is missing', async () => {
    const x = fake(() => {
      const n = x.received.length - 1
      const items = Array.from({ length: 20 }, (_, i) => tweet(n * 20 + i + 1))
      return page(items, `token-${n + 1}`)
    })
    expect(await connector(x.origin).search('crm', 50)).toHaveLength(20)
    expect(x.received.map((r) => r.url.searchParams.get('max_results'))).toEqual(['50'])
    x.received.length = 0
    const mentions = await connector(x.origin).search('crm', 150)
    expect(x.received.map((r) => r.url.searchParams.get('next_token'))).toEqual([null, 'token-1'])
    expect(x.received.map((r) => r.url.searchParams.get('max_results'))).toEqual(['100', '100'])
    expect(mentions).toHaveLength(40)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(40)
  })

  test('stops when X has no next_token', async () => {
    const x = fake(() => page([tweet(1), tweet(2)]))
    const mentions = await connector(x.origin).search('crm', 50)
    expect(x.received).toHaveLength(1)
    expect(mentions).toHaveLength(2)
  })

  test('skips and logs a malformed post', async () => {
    const lines: string[] = []
    const x = fake(() => page([{ id: 5, text: null }, tweet(2, { created_at: 'yesterday' }), tweet(3)]))
    const mentions = await connector(x.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['twitter:1790000000000000003'])
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(2)
  })

  test('an answer without meta is an upstream_error', async () => {
    const x = fake(() => Response.json({ errors: [{ message: 'something' }] }))
    await expect(connector(x.origin).search('crm', 10)).rejects.toMatchObject({ kind: 'upstream_error' })
  })
})
