import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMediumConnector } from '../../src/platforms/medium/connector'
import { fakesPerTest } from '../support/fake-upstream'

// A fake medium.com serving /feed/tag/{tag} as Medium's RSS 2.0 (docs/platforms.md#medium-substack-and-news): a story
// is its title and <description>; only tags in use have a feed, any other answers 404.
const fake = fakesPerTest()
const story = (id: string, title: string, text: string) => `
    <item>
      <title><![CDATA[${title}]]></title>
      <link>https://medium.com/@jane/story-${id}?source=rss------crm-5</link>
      <guid isPermaLink="false">https://medium.com/p/${id}</guid>
      <dc:creator><![CDATA[Jane Doe]]></dc:creator>
      <pubDate>Sun, 01 Mar 2026 12:00:00 GMT</pubDate>
      <description><![CDATA[<p>${text}</p>]]></description>
    </item>`
const feed = (items: string[]) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel><title>Tag on Medium</title>${items.join('')}</channel></rss>`,
    { headers: { 'content-type': 'text/xml; charset=UTF-8' } },
  )
const search = async (keyword: string, tagged: Record<string, string[]>) => {
  const md = fake(({ url }) => {
    const items = tagged[decodeURIComponent(url.pathname.replace('/feed/tag/', ''))]
    return items ? feed(items) : new Response('Not Found', { status: 404 })
  })
  const config = loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MEDIUM_BASE_URL: md.origin } }).platforms.medium
  const found = await createMediumConnector(
    config,
    createLogger(() => {}),
  ).search(keyword, 10)
  return found.map((m) => m.id).sort()
}

// Several words read several tag feeds, and only the stories the keyword may match are kept: by its words as
// docs/queries.md#words reads them, as every connector's matching does, not by the characters as typed.
describe('medium: the stories of several tag feeds are kept as the query reads its words', () => {
  test('a hashtag or a dotted word is its words: #crm is crm, node.js is node js', async () => {
    const crm = [story('1a', 'Picking a CRM', 'The CRM tool our sales team chose'), story('2a', 'Tools', 'A tool')]
    expect(await search('#crm tool', { crm, tool: [] })).toEqual(['medium:1a'])
    const node = [story('3a', 'Node JS at work', 'Our node js tool for CRM data')]
    expect(await search('node.js tool', { nodejs: node })).toEqual(['medium:3a'])
  })

  test('case as Unicode folds it: İstanbul is istanbul, ｃｒｍ is crm, a soft hyphen joins a word', async () => {
    const crm = [story('4a', 'CRM in İSTANBUL', 'Startups compare tools'), story('5a', 'Ankara', 'No such city here')]
    expect(await search('istanbul crm', { crm })).toEqual(['medium:4a'])
    const de = [story('6a', 'Kunden\u00admanagement', 'Ein CRM für kleine Teams'), story('7a', 'Kunden', 'CRM')]
    expect(await search('kundenmanagement crm', { crm: de })).toEqual(['medium:6a'])
    expect(await search('ｃｒｍ tool', { crm: [story('8a', 'crm', 'a tool')] })).toEqual(['medium:8a'])
  })

  test('the words the query needs are still needed', async () => {
    const crm = [story('9a', 'CRM', 'for teams'), story('10a', 'CRM', 'a tool for teams')]
    expect(await search('crm tool', { crm })).toEqual(['medium:10a'])
  })
})
