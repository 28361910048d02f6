// How the Mastodon connector reads /api/v2/search answers in the documented Search shape (accounts, statuses,
// hashtags): what statuses become, malformed ones, a missing list, an instance that finds nothing at all.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { AS_SENT } from '../../src/mention'
import { connector, status, answer } from './mastodon-fake'

const fake = fakesPerTest()

describe("mastodon connector: how it reads an instance's answers", () => {
  test('maps statuses, their HTML as plain text, a content warning first', async () => {
    const long = `<p>${longText()}</p>${HTML_BODIES.mastodon.html}`
    const remote = {
      ...status(2, {
        content: long,
        spoiler_text: 'vendor rant',
        url: null,
        replies_count: undefined,
        reblogs_count: null,
        favourites_count: undefined,
      }),
      account: {
        id: '9',
        username: 'bob',
        acct: 'bob@fosstodon.org',
        display_name: '',
        url: 'https://fosstodon.org/@bob',
      },
    }
    const m = fake(() => answer([remote, status(1)]))
    const mentions = await connector(m.origin).search('crm', 10)
    const host = new URL(m.origin).host
    expect(mentions[0]).toEqual({
      id: `mastodon:${host}:113000000000000002`,
      author: 'bob@fosstodon.org',
      platform: 'mastodon',
      content: `vendor rant\n\n${longText().trim()}\n\n${HTML_BODIES.mastodon.text}`,
      // docs/platforms.md#as-sent: the raw search's text, the content warning then the HTML, as sent.
      [AS_SENT]: ['vendor rant', long],
      url: 'https://mastodon.social/users/jane/statuses/2',
      profileUrl: 'https://fosstodon.org/@bob',
      date: '2026-03-01T12:02:00.000Z',
      engagement: { likes: 0, comments: 0, shares: 0 },
    })
    expect(mentions[1]).toEqual({
      id: `mastodon:${host}:113000000000000001`,
      author: 'jane',
      platform: 'mastodon',
      content: 'Status 1 about a #crm & more',
      [AS_SENT]: status(1).content,
      url: 'https://mastodon.social/@jane/1',
      profileUrl: 'https://mastodon.social/@jane',
      date: '2026-03-01T12:01:00.000Z',
      engagement: { likes: 3, comments: 1, shares: 2 },
    })
  })
  test('skips and logs a malformed status', async () => {
    const lines: string[] = []
    const m = fake(() => answer([{ id: 5, content: null }, status(1)]))
    const mentions = await connector(m.origin, {}, lines).search('crm', 10)
    expect(mentions).toHaveLength(1)
    expect(lines.some((l) => JSON.parse(l).event === 'platform_item_skipped')).toBe(true)
  })

  // Status ids are strings to be taken as opaque, yet each server's are an integer, a ULID or a FlakeId
  // (docs/platforms.md#mastodon): one with a space or a control character, none at all, more digits than an integer id
  // has or longer than any server's is not a status, and never becomes a mention id (src/platforms/mastodon/ids.ts).
  test('a status whose id is not a status id is skipped and logged, as the stream skips one', async () => {
    const lines: string[] = []
    const garbage = ['', '12 34', 'abc\u0000def', '1'.repeat(31), 'x'.repeat(65), ' 113000000000000007']
    const ok = ['113000000000000001', '01JEXAMPLE0000000000000000', 'AbCdEfGhIjKlMnOpQr']
    const m = fake(() => answer([...garbage, ...ok].map((id, n) => status(n, { id }))))
    const mentions = await connector(m.origin, {}, lines).search('crm', 40)
    const host = new URL(m.origin).host
    expect(mentions.map((x) => x.id).sort()).toEqual(ok.map((id) => `mastodon:${host}:${id}`).sort())
    expect(lines.filter((l) => JSON.parse(l).event === 'platform_item_skipped')).toHaveLength(garbage.length)
  })

  test('an answer without a statuses list is an upstream_error', async () => {
    const m = fake(() => Response.json({ accounts: [], hashtags: [] }))
    await expect(connector(m.origin).search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
  })
  test('an instance that finds nothing for every keyword gets a warning (no full-text search there); one result clears it', async () => {
    let found: unknown[] = []
    const m = fake(() => answer(found))
    const c = connector(m.origin)
    for (const keyword of ['crm', 'CRM', 'erp']) await c.search(keyword, 5)
    // Two different keywords are not enough to tell.
    expect(c.warning?.()).toBeUndefined()
    await c.search('invoicing', 5)
    expect(c.warning?.()).toContain('found nothing for any of the 3 keywords searched: full-text search may be off')
    found = [status(1)]
    await c.search('crm', 5)
    expect(c.warning?.()).toBeUndefined()
    found = []
    for (const keyword of ['a', 'b', 'c', 'd']) await c.search(keyword, 5)
    expect(c.warning?.()).toBeUndefined()
  })
})
