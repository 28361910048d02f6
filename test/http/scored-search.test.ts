import { afterAll, describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { redditGate, redditSettings } from '../support/fake-platforms'
import { fakeUpstream, type Received } from '../support/fake-upstream'

let redditDown = false
const fake = fakeUpstream((req: Received) => {
  if (req.url.pathname === '/api/v1/search_by_date') {
    return Response.json({
      hits: [
        {
          objectID: 'h1',
          author: 'pg',
          title: 'Show HN: my weekend CRM project',
          created_at: '2026-11-10T00:00:00.000Z',
          points: 5,
        },
        {
          objectID: 'h2',
          author: 'jl',
          comment_text: 'We are looking for a CRM for our sales team, any recommendations? Budget $300/month.',
          created_at: '2026-11-09T00:00:00.000Z',
        },
      ],
    })
  }
  if (req.url.pathname === '/api/v1/access_token' || req.url.pathname === '/search') {
    const gate = redditGate(req)
    if (gate) return gate
    if (redditDown) return new Response('down', { status: 503 })
    return Response.json({
      data: {
        after: null,
        children: [
          {
            data: {
              id: 'r1',
              title: 'Our CRM is down again and support is useless',
              selftext: 'So frustrating.',
              author: 'ops',
              permalink: '/r/x/comments/r1/',
              created_utc: 1794600000,
              score: 2,
              num_comments: 1,
            },
          },
        ],
      },
    })
  }
  return new Response('nope', { status: 404 })
})
afterAll(() => fake.stop())

async function setup(plan = 'growth') {
  const { deps } = await testDeps({
    config: {
      api: { search_variant: 'scored' },
      platforms: {
        hackernews: { base_url: fake.origin },
        reddit: redditSettings(fake.origin),
      },
      plans: {
        hnonly: { monthly_requests: 10, platforms: ['hackernews'] },
        none: { monthly_requests: 10, platforms: ['bluesky'] },
      },
    },
  })
  const { apiKey } = await seedTeam(deps, { plan })
  const call = client(deps)
  return { call, search: (body: object) => call('POST', '/api/v1/mentions/search', { key: apiKey, body }) }
}

describe('POST /api/v1/mentions/search, scored variant (api.search_variant = "scored")', () => {
  test('one platform: each result scored, with the scored fields, best first, and usage', async () => {
    const { search } = await setup()
    const r = await search({ keyword: 'crm', platform: 'hackernews' })
    expect(r.status).toBe(200)
    expect(r.body.total).toBe(2)
    expect(r.body.usage).toEqual({ used: 1, limit: 500, remaining: 499 })
    expect(r.body.results[0]).toEqual({
      name: 'jl',
      channel: 'hackernews',
      intent: 'ACTIVE',
      aiScore: expect.any(Number),
      aiReason: expect.stringContaining('recommendations'),
      contentPreview: 'We are looking for a CRM for our sales team, any recommendations? Budget $300/month.',
      postUrl: 'https://news.ycombinator.com/item?id=h2',
      link: 'https://news.ycombinator.com/user?id=jl',
      keyword: 'crm',
      publishedAt: '2026-11-09T00:00:00.000Z',
    })
    expect(r.body.results[0].aiScore).toBeGreaterThan(r.body.results[1].aiScore)
  })

  test('without a platform, every configured one of the six on the plan is searched and merged by aiScore', async () => {
    const { search } = await setup()
    const r = await search({ keyword: 'crm' })
    expect(r.status).toBe(200)
    expect(r.body.results.map((x: { channel: string }) => x.channel).sort()).toEqual([
      'hackernews',
      'hackernews',
      'reddit',
    ])
    const scores = r.body.results.map((x: { aiScore: number }) => x.aiScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect((await search({ keyword: 'crm', limit: 1 })).body.total).toBe(1)
  })

  test('a merged search answers with the platforms that answered; it fails only when all fail', async () => {
    const { search } = await setup()
    redditDown = true
    try {
      const r = await search({ keyword: 'crm' })
      expect(r.status).toBe(200)
      expect(r.body.results.every((x: { channel: string }) => x.channel === 'hackernews')).toBe(true)
      expect((await search({ keyword: 'crm', platform: 'reddit' })).status).toBe(502)
    } finally {
      redditDown = false
    }
  })

  test('the platform must be one of the six and on the plan', async () => {
    const { search } = await setup()
    expect((await search({ keyword: 'crm', platform: 'github' })).status).toBe(400)
    const hn = await setup('hnonly')
    expect((await hn.search({ keyword: 'crm', platform: 'reddit' })).body.error.code).toBe('platform_not_in_plan')
    expect(
      (await hn.search({ keyword: 'crm' })).body.results.every((x: { channel: string }) => x.channel === 'hackernews'),
    ).toBe(true)
    const none = await setup('none')
    expect((await none.search({ keyword: 'crm' })).body.error.code).toBe('platform_not_in_plan')
  })
})
