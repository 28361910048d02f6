import { afterAll, describe, expect, test } from 'bun:test'
import { EARLIER_NETWORKS } from '../../src/config/platform-names'
import { newId } from '../../src/lib/ids'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { redditGate, redditSettings } from '../support/fake-platforms'
import { fakeUpstream, type Received } from '../support/fake-upstream'

const POST_TEXT = 'We are looking for a new CRM for our sales team. Any recommendations? Budget is $300/month.'
const rss = (items: string) =>
  new Response(
    `<?xml version="1.0"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>feed</title>${items}</channel></rss>`,
    { headers: { 'content-type': 'application/rss+xml' } },
  )

/** One fake host answering each network in its own protocol, for the keyword "crm". */
function answer(req: Received): Response {
  const path = req.url.pathname
  if (path === '/2/tweets/search/recent') {
    return Response.json({
      data: [
        {
          id: '101',
          text: POST_TEXT,
          author_id: 'u1',
          created_at: '2026-11-10T10:00:00.000Z',
          public_metrics: { like_count: 3 },
        },
      ],
      includes: { users: [{ id: 'u1', username: 'founder', name: 'A Founder' }] },
      meta: { result_count: 1 },
    })
  }
  if (path === '/api/v1/access_token' || (path === '/search' && !req.url.searchParams.has('format'))) {
    const gate = redditGate(req)
    if (gate) return gate
    return Response.json({
      data: {
        after: null,
        children: [
          {
            data: {
              id: 'r1',
              title: 'Which CRM?',
              selftext: POST_TEXT,
              author: 'saas_maker',
              permalink: '/r/sales/comments/r1/which_crm/',
              created_utc: 1794650000,
              score: 4,
              num_comments: 2,
            },
          },
        ],
      },
    })
  }
  if (path === '/youtube/v3/search') return Response.json({ items: [{ id: { videoId: 'v1' } }] })
  if (path === '/youtube/v3/videos') {
    return Response.json({
      items: [
        {
          id: 'v1',
          snippet: {
            publishedAt: '2026-11-09T08:00:00Z',
            channelId: 'c1',
            channelTitle: 'Sales Talks',
            title: 'Choosing a CRM',
            description: POST_TEXT,
          },
          statistics: { likeCount: '12', commentCount: '1' },
        },
      ],
    })
  }
  if (path === '/search' && req.url.searchParams.get('format') === 'json') {
    return Response.json({
      results:
        req.url.searchParams.get('pageno') === '1'
          ? [
              {
                url: `https://www.indiehackers.com/post/${encodeURIComponent(req.url.searchParams.get('q') ?? '')}`,
                title: 'Best CRM for indie SaaS?',
                content: POST_TEXT,
                publishedDate: '2026-11-08T00:00:00',
              },
            ]
          : [],
    })
  }
  if (path === '/feed/tag/crm') {
    return rss(
      `<item><title>Picking a CRM</title><link>https://medium.com/@writer/picking-a-crm-abc123</link><guid isPermaLink="false">https://medium.com/p/abc123</guid><dc:creator>Writer</dc:creator><pubDate>Sat, 07 Nov 2026 09:00:00 GMT</pubDate><content:encoded><![CDATA[<p>${POST_TEXT}</p>]]></content:encoded></item>`,
    )
  }
  if (path === '/rss/search') {
    return rss(
      `<item><title>CRM market grows - Example News</title><link>https://news.example.com/a1</link><guid isPermaLink="false">N1</guid><pubDate>Fri, 06 Nov 2026 09:00:00 GMT</pubDate><description>${POST_TEXT}</description><source url="https://news.example.com">Example News</source></item>`,
    )
  }
  if (path.startsWith('/v2/actors/'))
    return Response.json(
      [
        {
          id: 'pin1',
          url: 'https://www.pinterest.com/pin/1/',
          text: POST_TEXT,
          author: 'pinner',
          date: '2026-11-05T00:00:00Z',
        },
      ],
      { status: 201 },
    )
  return new Response('not found', { status: 404 })
}
const fake = fakeUpstream(answer)
afterAll(() => fake.stop())

const at = { base_url: fake.origin }
const platforms = {
  twitter: { ...at, bearer_token: 'b' },
  reddit: redditSettings(fake.origin),
  youtube: { ...at, api_key: 'k' },
  medium: at,
  news: at,
  internet: at,
  indiehacker: at,
  pinterest: { ...at, actor: 'someone/pins', token: 't', input: { query: '{keyword}' } },
}

async function setup(plan = 'growth') {
  const { deps } = await testDeps({
    config: { platforms, plans: { custom: { any_keyword: true, monthly_requests: 100 } } },
  })
  const { team, apiKey } = await seedTeam(deps, { plan })
  await deps.repos.keywords.add([
    { id: newId('kw'), teamId: team.id, keyword: 'CRM', keywordLc: 'crm', createdAt: '2026-11-01T00:00:00.000Z' },
  ])
  const call = client(deps)
  const search = (network: string, keyword = 'crm') =>
    call('POST', '/api/routes/search', { key: apiKey, body: { network, keyword } })
  return { deps, team, apiKey, call, search }
}

describe('POST /api/routes/search', () => {
  test('every network answers {success, network, results: {count, posts}} with post records', async () => {
    const { search } = await setup()
    for (const network of EARLIER_NETWORKS) {
      const r = await search(network)
      expect({ network, status: r.status }).toEqual({ network, status: 200 })
      expect(r.body).toMatchObject({ success: true, network, results: { count: 1 } })
      const [post] = r.body.results.posts
      expect(post).toEqual({
        id: expect.stringMatching(new RegExp(`^${network}:`)),
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        content: expect.stringContaining('looking for a new CRM'),
        name: expect.any(String),
        link: expect.stringMatching(/^https:\/\//),
        read: false,
        evaluate: expect.stringMatching(/^(hot|warm|cold)$/),
        sentiment: expect.stringMatching(/^(good|neutrale|bad)$/),
        note: '',
        language: 'en',
      })
      // A post asking for recommendations with a budget is a hot lead for the rules scorer.
      expect({ network, evaluate: post.evaluate }).toEqual({ network, evaluate: 'hot' })
    }
  })

  test('an untracked keyword is refused on a growth team and accepted on a custom-plan team; one unit per search', async () => {
    const growth = await setup('growth')
    const refused = await growth.search('news', 'helpdesk')
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ success: false, error: expect.stringContaining('tracked') })
    const custom = await setup('custom')
    expect((await custom.search('news', 'helpdesk')).status).toBe(200)
    expect((await custom.call('GET', '/api/v1/usage', { key: custom.apiKey })).body.usage.used).toBe(1)
  })

  test('read and note set in storage survive a second search of the same keyword', async () => {
    const { deps, team, search } = await setup()
    const first = await search('reddit')
    const id = first.body.results.posts[0].id
    // Set as the dashboard of the earlier service did, in the database (the API has no route for it).
    const marked = await deps.database.client.execute({
      sql: "update legacy_posts set read = 1, note = 'call them' where team_id = ? and network = 'reddit' and post_id = ?",
      args: [team.id, id],
    })
    expect(marked.rowsAffected).toBe(1)
    const again = await search('reddit')
    expect(again.body.results.posts[0]).toMatchObject({ id, read: true, note: 'call them' })
    // Another team finding the same post starts from its own state.
    const other = await seedTeam(deps, { name: 'other', plan: 'custom' })
    const theirs = await client(deps)('POST', '/api/routes/search', {
      key: other.apiKey,
      body: { network: 'reddit', keyword: 'crm' },
    })
    expect(theirs.body.results.posts[0]).toMatchObject({ id, read: false, note: '' })
  })

  test('errors keep the earlier shape: unknown network, missing keyword', async () => {
    const { search, call, apiKey } = await setup()
    const bad = await search('myspace')
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ success: false, error: expect.stringContaining('network') })
    const missing = await call('POST', '/api/routes/search', { key: apiKey, body: { network: 'news' } })
    expect(missing.body).toEqual({ success: false, error: expect.stringContaining('keyword') })
  })
})
