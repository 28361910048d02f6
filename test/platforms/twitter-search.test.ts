// What the X (Twitter) connector asks of the API v2 recent search: the bearer token, the fields and the author
// expansion, a keyword query in X operators, replies kept by `type:comment`, X's minimum page size.
import { describe, expect, test } from 'bun:test'
import { queryFilter } from '../../src/domain/search/query-filter'
import { fakesPerTest } from '../support/fake-upstream'
import { connector, page, tweet } from './twitter-fake'

const fake = fakesPerTest()

describe("twitter connector: what it asks X's recent search (docs/platforms.md#twitter)", () => {
  test('asks recent search for the newest posts with the bearer token, the fields and the author expansion', async () => {
    const x = fake(() => page(undefined))
    await connector(x.origin).search('crm tool', 25)
    expect(x.received).toHaveLength(1)
    const [req] = x.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/2/tweets/search/recent')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      // The parentheses keep -is:retweet on the whole keyword, operators included.
      query: '(crm tool) -is:retweet',
      max_results: '25',
      sort_order: 'recency',
      'tweet.fields': 'created_at,public_metrics,author_id,note_tweet,lang,referenced_tweets',
      expansions: 'author_id',
      'user.fields': 'username,name',
    })
    expect(req.headers.get('authorization')).toBe('Bearer AAAA-bearer')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

  test('a keyword query goes in X operators inside the parentheses (docs/queries.md#per-platform)', async () => {
    const x = fake(() => page(undefined))
    await connector(x.origin).search('"sales pipeline" (crm OR erp) -hubspot author:jane lang:en type:post', 25)
    expect(x.received[0].url.searchParams.get('query')).toBe(
      '("sales pipeline" (crm OR erp) -hubspot from:jane lang:en -is:reply) -is:retweet',
    )
  })

  test('a reply is a comment, so `type:comment` keeps the replies X was asked for (docs/queries.md#filters)', async () => {
    const x = fake(() =>
      page([
        tweet(1, { referenced_tweets: [{ type: 'replied_to', id: '1789' }] }),
        tweet(2, { referenced_tweets: [{ type: 'quoted', id: '1788' }] }),
        tweet(3),
      ]),
    )
    const keyword = 'crm type:comment'
    const mentions = await connector(x.origin).search(keyword, 10)
    expect(x.received[0].url.searchParams.get('query')).toBe('(crm is:reply) -is:retweet')
    expect(mentions.map((m) => m.kind)).toEqual(['comment', undefined, undefined])
    const matches = await queryFilter(keyword)
    expect(mentions.filter(matches).map((m) => m.id)).toEqual(['twitter:1790000000000000001'])
  })

  test('a limit under 10 asks for 10, the API minimum, and returns only the limit', async () => {
    const x = fake(() => page(Array.from({ length: 10 }, (_, i) => tweet(i + 1))))
    const mentions = await connector(x.origin).search('crm', 3)
    expect(x.received[0].url.searchParams.get('max_results')).toBe('10')
    expect(mentions.map((m) => m.id)).toEqual([
      'twitter:1790000000000000001',
      'twitter:1790000000000000002',
      'twitter:1790000000000000003',
    ])
  })
})
