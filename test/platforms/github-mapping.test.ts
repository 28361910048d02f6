// How the GitHub connector reads /search/issues answers in the documented shape (total_count, incomplete_results,
// items): the mentions an issue becomes, and what a malformed item, a short page or a missing list does.
import { describe, expect, test } from 'bun:test'
import { HTML_BODIES } from '../support/html-bodies'
import { AS_SENT } from '../../src/mention'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { connector, issue, page } from './github-fake'

const fake = fakesPerTest()

describe("github connector reads GitHub's search answers", () => {
  test('maps issues to mentions: title and whole body as text, reactions as likes, and 0 or fallbacks where fields are missing', async () => {
    const body = longText()
    expect(body.length).toBeGreaterThan(5000)
    const gh = fake(() =>
      page([
        issue(1, { body: `${body}\n\n${HTML_BODIES.github.markdown}` }),
        issue(2, {
          body: null,
          user: null,
          reactions: undefined,
          comments: undefined,
          created_at: '2026-02-28T23:59:59+02:00',
        }),
      ]),
    )
    const mentions = await connector(gh.origin).search('crm', 10)
    expect(mentions[0]).toEqual({
      id: 'github:2900000001',
      author: 'octo',
      platform: 'github',
      title: 'Looking for a CRM #1',
      // Markdown keeps its lines; the template's HTML comment and tags go, entities are decoded.
      content: `Looking for a CRM #1\n\n${body.trimEnd()}\n\n${HTML_BODIES.github.text}`,
      // docs/platforms.md#as-sent: the raw search's text, the title and the Markdown as sent.
      [AS_SENT]: ['Looking for a CRM #1', `${body}\n\n${HTML_BODIES.github.markdown}`],
      url: 'https://github.com/acme/app/issues/1',
      profileUrl: 'https://github.com/octo',
      date: '2026-03-01T12:00:00.000Z',
      engagement: { likes: 7, comments: 4, shares: 0 },
    })
    expect(mentions[1]).toMatchObject({
      id: 'github:2900000002',
      // GitHub's account for every deleted one: no one's name, so no person (docs/people.md#who-is-a-person).
      author: 'ghost',
      authorKnown: false,
      content: 'Looking for a CRM #2',
      profileUrl: 'https://github.com/ghost',
      date: '2026-02-28T21:59:59.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
  })

  test("GitHub's own `ghost` account, as it names a deleted author, is a stand-in too; `octo` is not", async () => {
    const ghost = { login: 'ghost', html_url: 'https://github.com/ghost' }
    const gh = fake(() => page([issue(1), issue(2, { user: ghost })]))
    const mentions = await connector(gh.origin).search('crm', 10)
    expect(mentions.map((m) => [m.author, m.authorKnown, m.profileUrl])).toEqual([
      ['octo', undefined, 'https://github.com/octo'],
      ['ghost', false, 'https://github.com/ghost'],
    ])
  })

  // A search is charged its pages before it is sent and reads no page more (docs/platforms.md#budgets): a page short
  // of what was asked for (removed or malformed items) ends it with fewer than `limit`; a larger limit reads on.
  test('malformed items on the first page: the next page is read only within the pages the search was charged', async () => {
    const gh = fake(({ url }) => {
      const p = Number(url.searchParams.get('page'))
      const per = Number(url.searchParams.get('per_page'))
      const items = Array.from({ length: per }, (_, i) => issue((p - 1) * per + i + 1))
      if (p === 1) items[3] = { id: 'not a number' } as never
      if (p === 1) items[9] = { ...issue(10), html_url: undefined } as never
      return page(items)
    })
    expect(await connector(gh.origin).search('crm', 50)).toHaveLength(48)
    expect(gh.received).toHaveLength(1)
    const mentions = await connector(gh.origin).search('crm', 150)
    expect(gh.received.slice(1).map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2'])
    expect(gh.received.slice(1).every((r) => r.url.searchParams.get('per_page') === '100')).toBe(true)
    expect(mentions).toHaveLength(150)
    expect(new Set(mentions.map((m) => m.id)).size).toBe(150)
    expect(mentions.at(-1)!.id).toBe('github:2900000152')
  })

  test('stops after a short page: GitHub has no more', async () => {
    const gh = fake(() => page([issue(1), issue(2), issue(3)]))
    const mentions = await connector(gh.origin).search('crm', 50)
    expect(gh.received).toHaveLength(1)
    expect(mentions).toHaveLength(3)
  })

  test('skips and logs a malformed item', async () => {
    const lines: string[] = []
    const gh = fake(() => page([{ id: 1, title: null }, issue(2)]))
    const mentions = await connector(gh.origin, {}, lines).search('crm', 10)
    expect(mentions.map((m) => m.id)).toEqual(['github:2900000002'])
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  test('an answer without an items list is an upstream_error', async () => {
    const gh = fake(() => Response.json({ message: 'Validation Failed', total_count: 0 }))
    await expect(connector(gh.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })
})
