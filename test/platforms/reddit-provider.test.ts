import { afterEach, describe, expect, test } from 'bun:test'
import { ConfigError, loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { isConfigured } from '../../src/platforms/configured'
import { buildConnectors } from '../../src/platforms/registry'
import { fakeApify, redditJsonPost } from '../support/fake-apify'
import { AS_SENT } from '../../src/mention'

// docs/platforms.md#reddit: Reddit without an approved app, through an Apify actor, mapped to the mention Reddit's
// own API gives.
const TOKEN = 'apify_api_REDDIT_SECRET'
const ACTOR = 'someone/reddit-search'
const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const apifyToml = (origin: string, extra = '') =>
  `[platforms.reddit]\nprovider = "apify"\nbase_url = "${origin}"\nactor = "${ACTOR}"\ntoken = "${TOKEN}"\n` +
  `input = { searches = ["{keyword}"], sort = "new", maxItems = "{limit}" }\n${extra}`
const redditOf = (fileText: string) => {
  const config = loadConfig({ fileText, env: {} })
  return {
    config,
    connector: buildConnectors(
      config,
      createLogger(() => {}),
    ).get('reddit'),
  }
}

describe('reddit through an Apify actor (provider = "apify")', () => {
  test("runs the actor with the keyword and maps Reddit's own post fields: permalink, profile, subreddit, score, comments", async () => {
    const apify = fakeApify({ actor: ACTOR, token: TOKEN, items: () => [redditJsonPost(1), redditJsonPost(2)] })
    running.push(apify)
    const { connector } = redditOf(apifyToml(apify.origin))
    const mentions = await connector!.search('crm tool', 5)
    expect(JSON.parse(apify.received[0].body)).toEqual({ searches: ['crm tool'], sort: 'new', maxItems: 5 })
    expect(mentions[0]).toEqual({
      id: 'reddit:abc1',
      author: 'jane_doe',
      content: 'Which CRM for a small team? #1\n\nWe outgrew spreadsheets.',
      title: 'Which CRM for a small team? #1',
      [AS_SENT]: ['Which CRM for a small team? #1', 'We outgrew spreadsheets.'],
      // The post, not the page a link post points to; the subreddit is in it, as from Reddit's API.
      url: 'https://www.reddit.com/r/SaaS/comments/abc1/which_crm_for_a_small_team/',
      profileUrl: 'https://www.reddit.com/user/jane_doe',
      date: new Date((1772366400 - 60) * 1000).toISOString(),
      platform: 'reddit',
      engagement: { likes: 42, comments: 7, shares: 1 },
    })
    expect(mentions).toHaveLength(2)
  })

  test("an actor's renamed fields (username, communityName, upVotes, numberOfComments, createdAt) map the same", async () => {
    const apify = fakeApify({
      actor: ACTOR,
      token: TOKEN,
      items: () => [
        {
          parsedId: 'xyz9',
          url: 'https://www.reddit.com/r/sales/comments/xyz9/crm_advice/',
          username: 'bob',
          communityName: 'r/sales',
          title: 'CRM advice',
          body: 'Anyone moved off HubSpot?',
          upVotes: 12,
          numberOfComments: 3,
          createdAt: '2026-03-01T10:00:00.000Z',
        },
        // Without an address on reddit.com, the subreddit and id make the permalink.
        { id: 't3_k1', parsedCommunityName: 'startups', username: 'amy', title: 'Which CRM?', createdAt: 1772366400 },
      ],
    })
    running.push(apify)
    const mentions = await redditOf(apifyToml(apify.origin)).connector!.search('crm', 5)
    expect(mentions.map((m) => [m.id, m.url, m.author, m.profileUrl, m.engagement])).toEqual([
      [
        'reddit:k1',
        'https://www.reddit.com/r/startups/comments/k1/',
        'amy',
        'https://www.reddit.com/user/amy',
        { likes: 0, comments: 0, shares: 0 },
      ],
      [
        'reddit:xyz9',
        'https://www.reddit.com/r/sales/comments/xyz9/crm_advice/',
        'bob',
        'https://www.reddit.com/user/bob',
        { likes: 12, comments: 3, shares: 0 },
      ],
    ])
  })

  test('a wrong token is an upstream_error naming reddit, never the token', async () => {
    const apify = fakeApify({ actor: ACTOR, token: 'another', items: () => [] })
    running.push(apify)
    const err = await redditOf(apifyToml(apify.origin))
      .connector!.search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 401 })
    expect(err.message).toContain('reddit')
    expect(err.message).not.toContain(TOKEN)
  })

  test("configured by provider, actor and token alone, with Apify's address, wait and a day's budget by default", () => {
    const { config } = redditOf('[platforms.reddit]\nprovider = "apify"\nactor = "a/b"\ntoken = "t"\n')
    expect(isConfigured(config, 'reddit')).toBe(true)
    expect(config.platforms.reddit).toMatchObject({
      base_url: 'https://api.apify.com',
      timeout_ms: 120_000,
      budget_requests: 100,
      budget_window_seconds: 86_400,
    })
    // Reddit's own API keeps its defaults.
    expect(loadConfig({ env: {} }).platforms.reddit).toMatchObject({
      base_url: 'https://oauth.reddit.com',
      timeout_ms: 10_000,
      budget_window_seconds: 60,
    })
    expect(() => loadConfig({ fileText: '[platforms.reddit]\nprovider = "apify"\ntoken = "t"\n', env: {} })).toThrow(
      new ConfigError('config: platforms.reddit.actor: required with provider = "apify"'),
    )
  })
})

describe('the built-in plans sell Reddit only when it can be searched', () => {
  test('not configured: left out of every built-in plan; configured either way: in them; a listed plan as written', () => {
    const plans = (fileText = '') => loadConfig({ fileText, env: {} }).plans
    expect(plans().growth.platforms).not.toContain('reddit')
    expect(plans().scale.platforms).not.toContain('reddit')
    expect(plans('[platforms.reddit]\nprovider = "apify"\nactor = "a/b"\ntoken = "t"\n').growth.platforms).toContain(
      'reddit',
    )
    const app = '[platforms.reddit]\nclient_id = "i"\nclient_secret = "s"\napp_id = "a.b"\nusername = "jane"\n'
    expect(plans(app).scale.platforms).toContain('reddit')
    expect(plans('[plans.growth]\nplatforms = ["reddit", "hackernews"]\n').growth.platforms).toEqual([
      'reddit',
      'hackernews',
    ])
  })
})
