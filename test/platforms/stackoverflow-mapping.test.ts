// How the Stack Overflow connector reads /search/advanced answers (gzip-compressed, in the common wrapper): the
// mentions questions become, HTML entities decoded, has_more, malformed items, answers without items.
import { describe, expect, test } from 'bun:test'
import { decodeEntities } from '../../src/platforms/common/html-text'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { AS_SENT } from '../../src/mention'
import { gzipJson, wrapper, connector, question } from './stackoverflow-fake'

const fake = fakesPerTest()

describe('stackoverflow connector: how it reads Stack Exchange answers', () => {
  test('reads a gzip-compressed answer and maps questions: the encoded title and the HTML body as text, display name decoded', async () => {
    const body = `<p>${longText()}</p>${HTML_BODIES.stackoverflow.html}`
    const se = fake(() =>
      wrapper([
        question(1, { body }),
        question(2, {
          owner: { user_type: 'does_not_exist', display_name: 'user9' },
          score: -2,
          answer_count: undefined,
          body: undefined,
        }),
      ]),
    )
    const mentions = await connector(se.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'stackoverflow:79000001',
      author: 'José & Co',
      platform: 'stackoverflow',
      title: 'Which "CRM" has an API? #1',
      content: `Which "CRM" has an API? #1\n\n${longText().trim()}\n\n${HTML_BODIES.stackoverflow.text.split('\n\n').slice(1).join('\n\n')}`,
      // docs/platforms.md#as-sent: the raw search's text, the encoded title and the HTML body as sent.
      [AS_SENT]: ['Which &quot;CRM&quot; has an API? #1', body],
      url: 'https://stackoverflow.com/questions/79000001/which-crm',
      profileUrl: 'https://stackoverflow.com/users/123/jose',
      date: new Date((1772366400 - 60) * 1000).toISOString(),
      engagement: { likes: 3, comments: 2, shares: 0 },
    })
    expect(mentions[1]).toMatchObject({
      author: 'user9',
      content: 'Which "CRM" has an API? #2',
      // A deleted account (shallow_user's user_type does_not_exist) has no link nor user_id: no profile to point at,
      // and the site's /users list is nobody's (docs/platforms.md#stackoverflow).
      profileUrl: '',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  // A search is charged its pages before it is sent and reads no page more (docs/platforms.md#budgets): a page short
  // of what was asked for (removed or malformed items) ends it with fewer than `limit`; a larger limit reads on.
  test('a page with a malformed item: has_more is followed only within the pages the search was charged', async () => {
    const se = fake(({ url }) => {
      const page = Number(url.searchParams.get('page'))
      const size = Number(url.searchParams.get('pagesize'))
      const items: unknown[] = Array.from({ length: size }, (_, i) => question((page - 1) * size + i + 1))
      if (page === 1) items[0] = { question_id: 'x' }
      return wrapper(items, { has_more: true })
    })
    expect(await connector(se.origin).search('crm', 50)).toHaveLength(49)
    expect(se.received).toHaveLength(1)
    const mentions = await connector(se.origin).search('crm', 150)
    expect(se.received.slice(1).map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2'])
    expect(mentions).toHaveLength(150)
    expect(mentions.at(-1)!.id).toBe('stackoverflow:79000151')
  })

  test('stops when has_more is false', async () => {
    const se = fake(() => wrapper([question(1), question(2)], { has_more: false }))
    const mentions = await connector(se.origin).search('crm', 50)
    expect(se.received).toHaveLength(1)
    expect(mentions).toHaveLength(2)
  })
  test('skips and logs a malformed question', async () => {
    const lines: string[] = []
    const se = fake(() => wrapper([{ question_id: 1, title: 5 }, question(2)]))
    const mentions = await connector(se.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['stackoverflow:79000002'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('an answer without items is an upstream_error, and so is one that is not JSON', async () => {
    const a = fake(() => gzipJson({ quota_max: 300, quota_remaining: 200 }))
    await expect(connector(a.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    const b = fake(() => new Response('not json'))
    await expect(connector(b.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })
  test('decodeEntities handles numeric, hex and the usual named references and leaves unknown ones', () => {
    expect(decodeEntities('Jos&#233; &#x1F600; &lt;b&gt; &quot;x&quot; &amp;amp; &bogus;')).toBe(
      'José 😀 <b> "x" &amp; &bogus;',
    )
  })
})
