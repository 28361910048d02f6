import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createMastodonConnector } from '../../src/platforms/mastodon/connector'
import { fakesPerTest, longText } from '../support/fake-upstream'
import { HTML_BODIES } from '../support/html-bodies'
import { mastodonRateLimited, mastodonTokenGate } from '../support/platform-rules'
import { resetIn } from '../support/reset-headers'
import { isConfigured, requiredSettings } from '../../src/platforms/configured'
import { expectSpentLimitHeld } from '../support/spent-limit'
import { AS_SENT } from '../../src/mention'

// A fake Mastodon instance answering GET /api/v2/search in the documented Search shape (accounts, statuses, hashtags).
const fake = fakesPerTest()

const connector = (origin: string, env: Record<string, string> = {}, lines: string[] = []) =>
  createMastodonConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_MASTODON_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-123',
        ...env,
      },
    }).platforms.mastodon,
    createLogger((l) => lines.push(l)),
  )

// Ids are snowflakes: a higher id is a newer status.
const status = (n: number, extra: Record<string, unknown> = {}) => ({
  id: String(113000000000000000n + BigInt(n)),
  created_at: new Date(Date.UTC(2026, 2, 1, 12, 0, 0) + n * 60_000).toISOString(),
  in_reply_to_id: null,
  sensitive: false,
  spoiler_text: '',
  visibility: 'public',
  language: 'en',
  uri: `https://mastodon.social/users/jane/statuses/${n}`,
  url: `https://mastodon.social/@jane/${n}`,
  replies_count: 1,
  reblogs_count: 2,
  favourites_count: 3,
  content: `<p>Status ${n} about a <a href="https://mastodon.social/tags/crm" class="mention hashtag" rel="tag">#<span>crm</span></a> &amp; more</p>`,
  account: { id: '1', username: 'jane', acct: 'jane', display_name: 'Jane', url: 'https://mastodon.social/@jane' },
  media_attachments: [],
  mentions: [],
  tags: [],
  emojis: [],
  ...extra,
})
const answer = (statuses: unknown[]) => Response.json({ accounts: [], statuses, hashtags: [] })

describe('mastodon connector against a fake instance', () => {
  test('searches statuses only, without WebFinger resolution, with the bearer token and a page size from the limit', async () => {
    const m = fake(() => answer([]))
    await connector(m.origin).search('crm tool', 7)
    expect(m.received).toHaveLength(1)
    const [req] = m.received
    expect(req.method).toBe('GET')
    expect(req.url.pathname).toBe('/api/v2/search')
    expect(Object.fromEntries(req.url.searchParams)).toEqual({
      q: 'crm tool',
      type: 'statuses',
      resolve: 'false',
      limit: '7',
    })
    expect(req.headers.get('authorization')).toBe('Bearer tok-123')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
  })

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

  test('returns the newest first even when the instance answers out of order', async () => {
    const m = fake(() => answer([status(1), status(3), status(2)]))
    const mentions = await connector(m.origin).search('crm', 10)
    expect(mentions.map((x) => x.date)).toEqual([
      '2026-03-01T12:03:00.000Z',
      '2026-03-01T12:02:00.000Z',
      '2026-03-01T12:01:00.000Z',
    ])
  })

  test('limit 50 pages by offset in pages of 40 and returns exactly 50', async () => {
    const total = 100
    const m = fake(({ url }) => {
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const limit = Number(url.searchParams.get('limit'))
      const ids = Array.from({ length: limit }, (_, i) => total - offset - i).filter((n) => n > 0)
      return answer(ids.map((n) => status(n)))
    })
    const mentions = await connector(m.origin).search('crm', 50)
    expect(m.received.map((r) => [r.url.searchParams.get('limit'), r.url.searchParams.get('offset')])).toEqual([
      ['40', null],
      ['40', '40'],
    ])
    expect(mentions).toHaveLength(50)
    expect(mentions[0].id.endsWith(':113000000000000100')).toBe(true)
    expect(mentions[49].id.endsWith(':113000000000000051')).toBe(true)
  })

  // New statuses move the offsets between two pages, so a full page may repeat what came before. A search of 50 is
  // charged two pages of 40 before it is sent (docs/platforms.md#budgets) and sends no third one.
  test('a full page of repeats: no more pages than the search was charged', async () => {
    const m = fake(({ url }) => {
      const offset = Number(url.searchParams.get('offset') ?? 0)
      // Each page starts five statuses after the one before: 35 of the 40 came already.
      return answer(Array.from({ length: 40 }, (_, i) => status(1000 - offset / 8 - i)))
    })
    const mentions = await connector(m.origin).search('crm', 50)
    expect(m.received).toHaveLength(2)
    expect(mentions).toHaveLength(45)
  })

  // GoToSocial pages by max_id (docs/platforms.md#mastodon): a server of ULIDs that answers the next page with the same
  // statuses has not moved on, and is not asked again for the rest of the pages the search was charged.
  test('a page of ULIDs none older than its max_id ends the search', async () => {
    const ulid = (n: number) => `01JE${String(n).padStart(22, '0')}`
    const m = fake(() => answer(Array.from({ length: 40 }, (_, i) => status(i, { id: ulid(100 - i) }))))
    const mentions = await connector(m.origin).search('crm', 120)
    expect(m.received.map((r) => r.url.searchParams.get('max_id'))).toEqual([null, ulid(61)])
    expect(mentions).toHaveLength(40)
  })

  // Mastodon's search takes `limit` results at `offset` from its index, then drops those the token's account may not
  // see (blocked, muted or suspended accounts, deleted statuses): its StatusesSearchService. A page shorter than asked
  // is not the last, and the next starts `limit` further on; an empty one is the last.
  test('a page shortened after paging is followed by the next, `limit` further on, within the pages charged', async () => {
    const blocked = (n: number) => n % 8 === 0
    const m = fake(({ url }) => {
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const limit = Number(url.searchParams.get('limit'))
      const index = Array.from({ length: limit }, (_, i) => 100 - offset - i).filter((n) => n > 0)
      return answer(index.filter((n) => !blocked(n)).map((n) => status(n)))
    })
    const mentions = await connector(m.origin).search('crm', 80)
    expect(m.received.map((r) => r.url.searchParams.get('offset'))).toEqual([null, '40'])
    expect(mentions).toHaveLength(70)
    expect(mentions.at(-1)?.id.endsWith(':113000000000000021')).toBe(true)
  })

  test('stops when a page comes back empty: the instance has no more', async () => {
    const m = fake(({ url }) => answer(url.searchParams.get('offset') ? [] : [status(2), status(1)]))
    const mentions = await connector(m.origin).search('crm', 120)
    expect(m.received.map((r) => r.url.searchParams.get('offset'))).toEqual([null, '40'])
    expect(mentions).toHaveLength(2)
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

  test('a 401 for a bad token is an upstream_error that does not carry the token', async () => {
    const m = fake(() => Response.json({ error: 'The access token is invalid' }, { status: 401 }))
    const err = await connector(m.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain('tok-123')
  })

  // The search needs a token with read:search (docs.joinmastodon.org/methods/search, api/oauth-scopes); an instance
  // answers a token of its own without that scope 403, its `error` naming the scopes.
  test('a 403 for a token without read:search names the scope and the setting to fix', async () => {
    const m = fake(() => Response.json({ error: 'This action is outside the authorized scopes' }, { status: 403 }))
    const err = await connector(m.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', status: 403, refusedCredentials: true })
    expect(err.message).toContain('lacks a scope it needs (read:search')
    expect(err.message).toContain('LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN')
    expect(err.message).not.toContain('tok-123')
  })

  test('a 429 is a rate limit until the ISO 8601 date of X-RateLimit-Reset', async () => {
    const m = fake(() => mastodonRateLimited(300))
    const err = await connector(m.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.extra.retryAfterSec).toBeGreaterThanOrEqual(299)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(300)
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

  test('a page whose X-RateLimit-Remaining says none is left ends the search with what it found, and the next is refused unsent until X-RateLimit-Reset', async () => {
    // docs.joinmastodon.org, "Rate limits": every answer carries X-RateLimit-Limit, -Remaining and -Reset (an ISO
    // 8601 date); past the limit, 429.
    const reset = resetIn('x-ratelimit-reset', 240, true)
    let used = 0
    const m = fake(({ url }) => {
      if (used >= 2) return mastodonRateLimited(240)
      used++
      const offset = Number(url.searchParams.get('offset') ?? 0)
      const statuses = Array.from({ length: 40 }, (_, i) => status(1000 - offset - i))
      const headers = {
        'x-ratelimit-limit': '2',
        'x-ratelimit-remaining': String(2 - used),
        ...reset,
      }
      return Response.json({ accounts: [], statuses, hashtags: [] }, { headers })
    })
    await expectSpentLimitHeld(connector(m.origin), {
      limit: 120,
      found: 80,
      resetInSec: 240,
      sent: () => m.received.length,
    })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const m = fake(async () => {
      await Bun.sleep(400)
      return answer([])
    })
    await expect(
      connector(m.origin, { LEAD_SIGNALS_PLATFORMS_MASTODON_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})

describe('the instance of a token (docs/platforms.md#mastodon)', () => {
  test('an access_token without base_url is a configuration error naming base_url, not a search on mastodon.social', () => {
    expect(() => loadConfig({ env: { LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-from-fosstodon' } })).toThrow(
      'config: platforms.mastodon.base_url: required with access_token',
    )
    const none = loadConfig({ env: {} })
    expect(none.platforms.mastodon.base_url).toBeUndefined()
    expect(isConfigured(none, 'mastodon')).toBe(false)
    expect(requiredSettings('mastodon')).toEqual(['base_url', 'access_token'])
  })

  test('an instance refuses a token it did not issue with 401, as Mastodon answers an unknown token', async () => {
    const instance = fake((req) => mastodonTokenGate(req, 'tok-issued-here') ?? Response.json({ statuses: [] }))
    expect(
      await connector(instance.origin, { LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN: 'tok-issued-here' }).search(
        'crm',
        5,
      ),
    ).toEqual([])
    await expect(connector(instance.origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
      status: 401,
    })
  })
})
