import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMediumConnector } from '../../src/platforms/medium/connector'
import { fakesPerTest } from '../support/fake-upstream'

// A keyword of several words reads up to four tag feeds (docs/platforms.md#medium-substack-and-news). Medium publishes
// no limit; a refusal is a 429 with Retry-After, the seconds to wait (RFC 6585 §4, RFC 9110 §10.2.3).
const fake = fakesPerTest()
const connector = (origin: string) =>
  createMediumConnector(
    loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MEDIUM_BASE_URL: origin } }).platforms.medium,
    createLogger(() => {}),
  )
const feed = (items: string) =>
  new Response(
    `<?xml version="1.0" encoding="UTF-8"?>
<rss xmlns:dc="http://purl.org/dc/elements/1.1/" version="2.0"><channel><title>Crm on Medium</title>${items}</channel></rss>`,
    { headers: { 'content-type': 'text/xml; charset=UTF-8' } },
  )
const story = `<item><title>Choosing a CRM</title><link>https://medium.com/@jane/choosing-a-crm-1a2b3c</link>
  <guid isPermaLink="false">https://medium.com/p/1a2b3c</guid><dc:creator>Jane Doe</dc:creator>
  <pubDate>Sun, 01 Mar 2026 12:00:00 GMT</pubDate><description><![CDATA[<p>A CRM tool for small teams</p>]]></description></item>`

describe('medium: a feed refused after the first', () => {
  test('ends the search with the stories of the feeds read before it; the next search is refused unsent until Retry-After', async () => {
    const md = fake(({ url }) => {
      if (url.pathname === '/feed/tag/crm') return feed(story)
      if (url.pathname === '/feed/tag/tool')
        return new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '120' } })
      return new Response('Not found', { status: 404 })
    })
    const c = connector(md.origin)
    const found = await c.search('crm tool', 10)
    expect(found.map((m) => m.id)).toEqual(['medium:1a2b3c'])
    expect(md.received.map((r) => r.url.pathname)).toEqual(['/feed/tag/crm-tool', '/feed/tag/crm', '/feed/tag/tool'])
    const held = await c.search('crm tool', 10).catch((e) => e)
    expect(held).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(held.extra.retryAfterSec).toBeGreaterThan(115)
    expect(md.received).toHaveLength(3)
  })
})
