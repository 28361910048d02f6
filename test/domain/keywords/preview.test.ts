import { describe, expect, test } from 'bun:test'
import { previewQuery } from '../../../src/domain/keywords/preview'
import { postMatcher } from '../../../src/domain/search/query-filter'
import { parseQuery } from '../../../src/query/parse'
import type { Mention } from '../../../src/mention'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

// docs/queries.md#preview: the preview is what polling would keep, read from the team's recent signals. A news
// article found through Google News keeps Google's redirect as its url and the publisher's site as its profile
// (docs/platforms.md#medium-substack-and-news); `site:` names the publisher (docs/queries.md#filters).
const NOW = '2026-11-20T12:00:00.000Z'
const article: Mention = {
  id: 'news:abc',
  platform: 'news',
  author: 'TechCrunch',
  content: 'Startups are moving off spreadsheets to a CRM',
  url: 'https://news.google.com/rss/articles/CBMiabc?oc=5',
  profileUrl: 'https://techcrunch.com',
  title: 'Startups are moving off spreadsheets to a CRM',
  date: '2026-11-19T08:00:00.000Z',
  engagement: { likes: 0, comments: 0, shares: 0 },
}

describe('the query preview', () => {
  test('site: finds a news signal by its publisher, as polling matched the article', async () => {
    const { deps } = await testDeps({ now: NOW })
    const { team } = await seedTeam(deps, { name: 'acme' })
    await deps.repos.signals.insertMany(team.id, [
      {
        id: 'sig_news',
        teamId: team.id,
        platform: 'news',
        postId: article.id,
        author: article.author,
        profileUrl: article.profileUrl,
        intent: 'ACTIVE',
        score: 8,
        reason: 'moving to a CRM',
        icpMatch: null,
        preview: article.content,
        contentFull: article.content,
        url: article.url,
        keyword: 'crm',
        publishedAt: article.date,
        detectedAt: article.date,
      } as Parameters<typeof deps.repos.signals.insertMany>[1][number],
    ])
    for (const [query, polled] of [
      ['crm site:techcrunch.com', true],
      ['crm site:google.com', false],
    ] as const) {
      const parsed = parseQuery(query)
      if (!parsed.ok) throw new Error(query)
      expect((await postMatcher(parsed.query))(article)).toBe(polled)
      const preview = await previewQuery(deps, { teamId: team.id, query })
      expect({ query, matched: preview.matched }).toEqual({ query, matched: polled ? 1 : 0 })
    }
  })

  test('a post longer than its preview is listed to its last whole word and "…", as the Signals page\'s card shows it', async () => {
    const { deps } = await testDeps({ now: NOW })
    const { team } = await seedTeam(deps, { name: 'acme' })
    const full = `${'a '.repeat(136)}We need an outbound prospecting tool for our sales team.`
    const row = (id: string, content: string) =>
      signalRow(team.id, { id, preview: content.slice(0, 300), contentFull: content, publishedAt: article.date })
    await deps.repos.signals.insertMany(team.id, [row('sig_long', full), row('sig_short', 'We need a CRM soon.')])
    const { posts } = await previewQuery(deps, { teamId: team.id, query: 'need' })
    expect(posts.map((p) => p.preview).sort()).toEqual([
      'We need a CRM soon.',
      `${'a '.repeat(136)}We need an outbound…`,
    ])
  })
})
