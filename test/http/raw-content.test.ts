import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakePlatforms } from '../support/fake-platforms'
import { client } from '../support/http'
import { httpClient, listen } from '../support/mcp'
import { seedTeam, testDeps } from '../support/deps'
import { HTML_BODIES } from '../support/html-bodies'
import { fakeUpstream, type Received } from '../support/fake-upstream'

// docs/platforms.md#content: the raw search variant answers `content` as the platform sent it, every other answer
// plain text. One fake server speaks four documented protocols whose text is not plain: Algolia HN Search
// (title, story_text and comment_text are HTML), Mastodon's GET /api/v2/search (status content is HTML, spoiler_text
// plain), Stack Exchange's /2.3/search/advanced with filter=withbody (an entity-encoded title, an HTML body, gzip)
// and X's recent search (text with &, < and > escaped).
const hnStory = {
  objectID: '41000001',
  author: 'pg',
  title: 'Ask HN: CRM for &lt;10 people?',
  story_text: HTML_BODIES.hackernews.html.replace('spreadsheets', 'spreadsheets to a CRM'),
  comment_text: null,
  created_at: '2026-03-01T12:00:00.000Z',
  points: 3,
  num_comments: 1,
}
const hnComment = { ...hnStory, objectID: '41000002', title: null, story_text: null }
const hnCommentText = '<p>Our CRM &amp; its &quot;API&quot;<br>fine</p>'
const status = {
  id: '113000000000000001',
  created_at: '2026-03-01T12:00:00.000Z',
  in_reply_to_id: null,
  spoiler_text: 'CRM & <vendor> talk',
  uri: 'https://mastodon.example/users/jane/statuses/1',
  url: 'https://mastodon.example/@jane/1',
  content: HTML_BODIES.mastodon.html.replace('today', 'today with a CRM'),
  account: { id: '1', username: 'jane', acct: 'jane', url: 'https://mastodon.example/@jane' },
  replies_count: 0,
  reblogs_count: 0,
  favourites_count: 0,
}
const question = {
  question_id: 79000001,
  title: `CRM: ${HTML_BODIES.stackoverflow.title}`,
  body: HTML_BODIES.stackoverflow.html,
  link: 'https://stackoverflow.com/questions/79000001/crm',
  owner: { display_name: 'Jos&#233;', link: 'https://stackoverflow.com/users/1/jose', user_id: 1 },
  creation_date: 1772366400,
  score: 1,
  answer_count: 0,
}
const tweet = {
  id: '1790000000000000001',
  // U+0000 and half of a surrogate pair, which the database could not keep: plain text has U+FFFD for them.
  text: 'Our CRM &amp; ERP\u0000: &lt;b&gt;both&lt;/b&gt; too slow &amp;amp; pricey \ud83d',
  author_id: '7',
  created_at: '2026-03-01T12:00:00.000Z',
  public_metrics: { retweet_count: 0, reply_count: 0, like_count: 1, quote_count: 0 },
}

// Each protocol's answer, by path; further pages of a Mastodon search (an offset) list nothing.
function answer({ url }: Received): Response {
  if (url.pathname === '/api/v1/search_by_date') {
    const hits = [hnStory, { ...hnComment, comment_text: hnCommentText }]
    return Response.json({ hits, nbHits: 2, page: 0, nbPages: 1 })
  }
  if (url.pathname === '/api/v2/search')
    return Response.json({ accounts: [], statuses: url.searchParams.has('offset') ? [] : [status], hashtags: [] })
  if (url.pathname === '/2.3/search/advanced' && url.searchParams.get('filter') === 'withbody')
    return new Response(Bun.gzipSync(JSON.stringify({ items: [question], has_more: false, quota_remaining: 9 })), {
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' },
    })
  if (url.pathname === '/2/tweets/search/recent')
    return Response.json({
      data: [tweet],
      includes: { users: [{ id: '7', username: 'jane', name: 'Jane' }] },
      meta: { result_count: 1 },
    })
  return new Response('not found', { status: 404 })
}
let server: ReturnType<typeof fakeUpstream>
beforeAll(() => {
  server = fakeUpstream(answer)
})
afterAll(() => server.stop())

const platforms = () => ({
  hackernews: { base_url: server.origin },
  mastodon: { base_url: server.origin, access_token: 'tok' },
  stackoverflow: { base_url: server.origin },
  twitter: { base_url: server.origin, bearer_token: 'bearer' },
})

// What each platform sent, byte for byte: one text field, or its fields joined by a blank line.
const SENT: Record<string, string[]> = {
  hackernews: [`${hnStory.title}\n\n${hnStory.story_text}`, hnCommentText],
  mastodon: [`${status.spoiler_text}\n\n${status.content}`],
  stackoverflow: [`${question.title}\n\n${question.body}`],
  twitter: [tweet.text],
}
// The same posts as plain text: what matching, scoring, signals and the scored variant read.
const PLAIN: Record<string, string[]> = {
  hackernews: [
    `Ask HN: CRM for <10 people?\n\n${HTML_BODIES.hackernews.text.replace('spreadsheets', 'spreadsheets to a CRM')}`,
    'Our CRM & its "API"\nfine',
  ],
  mastodon: [`CRM & <vendor> talk\n\n${HTML_BODIES.mastodon.text.replace('today', 'today with a CRM')}`],
  stackoverflow: [`CRM: ${HTML_BODIES.stackoverflow.text}`],
  twitter: ['Our CRM & ERP\uFFFD: <b>both</b> too slow &amp; pricey \uFFFD'],
}

describe('the raw search variant answers content as the platform sent it', () => {
  test('HTML and entities come back unchanged, in a JSON answer; searching and matching still read plain text', async () => {
    const { deps } = await testDeps({ config: { platforms: platforms() } })
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    for (const [platform, sent] of Object.entries(SENT)) {
      const r = await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform } })
      expect(r.status).toBe(200)
      // HTML in a JSON string is data: the answer is still JSON, parsed by the client.
      expect(r.headers.get('content-type')).toStartWith('application/json')
      expect(typeof r.body).toBe('object')
      expect(r.body.mentions.map((m: { content: string }) => m.content)).toEqual(sent)
      // What polling and the scored variant read of the same search is plain text, and JSON of it (the polling
      // queue's) holds no copy of the platform's.
      const read = await deps.searches.search(platform as 'hackernews', 'crm', 20)
      expect(read.map((m) => m.content)).toEqual(PLAIN[platform])
      for (const text of sent) expect(JSON.stringify(read)).not.toContain(JSON.stringify(text).slice(1, -1))
    }
  })

  test('the MCP tool search_mentions answers the same text', async () => {
    const { deps } = await testDeps({ config: { platforms: platforms() } })
    const { apiKey } = await seedTeam(deps)
    const app = listen(deps)
    try {
      const mcp = await httpClient(app.mcpUrl, apiKey)
      const answer = await mcp.callTool({
        name: 'search_mentions',
        arguments: { keyword: 'crm', platform: 'mastodon' },
      })
      const { mentions } = answer.structuredContent as { mentions: { content: string }[] }
      expect(mentions.map((m) => m.content)).toEqual(SENT.mastodon)
      await mcp.close()
    } finally {
      await app.stop()
    }
  })

  test('a signal polled from the same post is plain text, while the raw search answers its HTML', async () => {
    const world = fakePlatforms()
    try {
      const { deps } = await testDeps({ config: { platforms: world.platformsConfig } })
      const { team, apiKey } = await seedTeam(deps)
      await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
      const html =
        '<p>We are looking for a CRM to replace our spreadsheets &amp; can anyone recommend one?</p><p>Budget approved.</p>'
      world.add('hackernews', 'crm', { id: '1', author: 'ann', text: html, at: '2026-03-01T12:00:00.000Z' })
      await runPollPass(deps)
      const call = client(deps)
      const signals = await call('GET', '/api/v1/signals?content=full', { key: apiKey })
      const plain =
        'We are looking for a CRM to replace our spreadsheets & can anyone recommend one?\n\nBudget approved.'
      expect(
        signals.body.signals.map((s: { content: string; contentFull: string }) => [s.content, s.contentFull]),
      ).toEqual([[plain, plain]])
      const r = await call('POST', '/api/v1/mentions/search', {
        key: apiKey,
        body: { keyword: 'crm', platform: 'hackernews' },
      })
      expect(r.body.mentions.map((m: { content: string }) => m.content)).toEqual([html])
    } finally {
      world.stop()
    }
  })
})
