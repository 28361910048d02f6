import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMediumConnector } from '../../src/platforms/medium/connector'
import { matchesQuery } from '../../src/query/match'
import { parseQuery } from '../../src/query/parse'
import { fakesPerTest } from '../support/fake-upstream'

// Medium's tag feeds give a preview in <description> wrapped in Medium's own markup, as served today
// (docs/platforms.md#medium-substack-and-news): an image paragraph, the snippet, then a paragraph of class
// medium-feed-link whose link reads "Continue reading on Medium »" (or on the publication's name).
const fake = fakesPerTest()
const connector = (origin: string) =>
  createMediumConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MEDIUM_BASE_URL: origin } }).platforms.medium,
    createLogger(() => {}),
  )

const story = (n: number, title: string, snippet: string, on = 'Medium') => {
  const link = `https://medium.com/@jane/story-${n}a2b3c?source=rss------medium-5`
  return `
    <item>
      <title><![CDATA[${title}]]></title>
      <description><![CDATA[<div class="medium-feed-item"><p class="medium-feed-image"><a href="${link}"><img src="https://cdn-images-1.medium.com/max/1024/1*x.png" width="1024" /></a></p><p class="medium-feed-snippet">${snippet}</p><p class="medium-feed-link"><a href="${link}">Continue reading on ${on} »</a></p></div>]]></description>
      <link>${link}</link>
      <guid isPermaLink="false">https://medium.com/p/${n}a2b3c</guid>
      <category><![CDATA[medium]]></category>
      <dc:creator><![CDATA[Jane Doe]]></dc:creator>
      <pubDate>Sun, 0${n} Mar 2026 12:00:00 GMT</pubDate>
    </item>`
}
const feed = (...items: string[]) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" version="2.0">
  <channel><title><![CDATA[Medium on Medium]]></title><link>https://medium.com/tag/medium/latest</link>${items.join('')}
  </channel>
</rss>`,
    { headers: { 'content-type': 'text/xml; charset=UTF-8' } },
  )

const STORIES = [
  story(1, 'Our CRM rollout', 'What we learned moving the sales team to a new CRM&#x2026;'),
  story(2, 'Picking a medium for B2B content', 'Podcasts, newsletters or video: which one sells.', 'Level Up Coding'),
  story(3, 'Keep on reading', 'Why our team keeps reading the docs before it continues a rollout.'),
]
const matches = (keyword: string, content: string) => {
  const parsed = parseQuery(keyword)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error))
  return matchesQuery(parsed.query, { platform: 'medium', author: 'Jane Doe', url: 'https://medium.com/', content })
}

describe("medium's own feed boilerplate is not the story's text", () => {
  test('the text is the title and the snippet, without the "Continue reading on …" link', async () => {
    const md = fake(() => feed(...STORIES))
    const mentions = await connector(md.origin).search('medium', 10)
    const byId = new Map(mentions.map((m) => [m.id, m.content]))
    expect(byId.get('medium:1a2b3c')).toBe('Our CRM rollout\n\nWhat we learned moving the sales team to a new CRM…')
    expect(byId.get('medium:2a2b3c')).toBe(
      'Picking a medium for B2B content\n\nPodcasts, newsletters or video: which one sells.',
    )
    for (const m of mentions) expect(m.content).not.toContain('Continue reading')
  })

  test('a keyword of "medium", "reading" or "continue" matches only the stories that say it', async () => {
    const md = fake(() => feed(...STORIES))
    const mentions = await connector(md.origin).search('medium', 10)
    const kept = (keyword: string) =>
      mentions
        .filter((m) => matches(keyword, m.content))
        .map((m) => m.id)
        .sort()
    expect(kept('medium')).toEqual(['medium:2a2b3c'])
    expect(kept('reading')).toEqual(['medium:3a2b3c'])
    expect(kept('"continue reading"')).toEqual([])
  })

  test('several words made of the boilerplate keep only the stories holding every word in their own text', async () => {
    const md = fake(() => feed(...STORIES))
    const mentions = await connector(md.origin).search('continue reading medium', 10)
    expect(mentions).toEqual([])
    const onReading = await connector(md.origin).search('reading docs', 10)
    expect(onReading.map((m) => m.id)).toEqual(['medium:3a2b3c'])
  })
})
