import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createSubstackConnector } from '../../src/platforms/substack/connector'
import { fakesPerTest } from '../support/fake-upstream'

// A fake substack.com answering /api/v1/top/search ({ items, nextCursor }) with posts whose body_html is HTML as
// Substack sends it: inline markup, entities, links (docs/platforms.md#medium-substack-and-news). Its search reads
// by meaning, so each post is kept or dropped here by the keyword's words, as the post's text reads them.
const fake = fakesPerTest()
const post = (id: number, body_html: string) => ({
  type: 'post',
  post: {
    id,
    title: 'Notes from our sales team',
    subtitle: 'What we learned this quarter',
    truncated_body_text: 'We talked to forty teams this quarter.',
    body_html,
    canonical_url: `https://jane.substack.com/p/notes-${id}`,
    post_date: '2026-03-01T12:00:00.000Z',
    publishedBylines: [{ id: 1, name: 'Jane Doe', handle: 'janedoe' }],
  },
  publication: { id: 7, name: "Jane's Notes", subdomain: 'jane' },
})
const found = async (keyword: string, items: unknown[]) => {
  const sb = fake(() => Response.json({ items, nextCursor: null }))
  const config = loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_SUBSTACK_BASE_URL: sb.origin } }).platforms.substack
  const mentions = await createSubstackConnector(
    config,
    createLogger(() => {}),
  ).search(keyword, 10)
  return mentions.map((m) => m.id)
}

describe('substack: a post is kept by the words of its text, not of its HTML markup', () => {
  test('a phrase across inline markup or an entity is in the text', async () => {
    const items = [
      post(1, '<p>We still need the <strong>best CRM</strong> tool for a team of five.</p>'),
      post(2, '<p>We can&#8217;t find a CRM that fits.</p>'),
    ]
    expect(await found('"need the best crm tool"', items)).toEqual(['substack:1'])
    expect(await found('"can’t find a crm"', items)).toEqual(['substack:2'])
  })

  test('a word only in a tag, an attribute or an address does not exclude the post', async () => {
    const items = [post(3, '<p>Which <a href="https://www.hubspot.com/products/crm">CRM</a> should we buy?</p>')]
    expect(await found('crm -hubspot', items)).toEqual(['substack:3'])
    expect(await found('crm -href', items)).toEqual(['substack:3'])
  })

  test('a word the text says still excludes the post, and one it lacks still drops it', async () => {
    const items = [post(4, '<p>We moved our CRM to HubSpot.</p>')]
    expect(await found('crm -hubspot', items)).toEqual([])
    expect(await found('crm pipedrive', items)).toEqual([])
  })
})
