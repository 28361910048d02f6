// What the Mastodon connector asks of an instance's GET /api/v2/search (statuses only, no WebFinger, the token, a
// page size from the limit) and how it pages: newest first, offsets, max_id, pages cut short or empty.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { connector, status, answer } from './mastodon-fake'

const fake = fakesPerTest()

describe('mastodon connector: what it asks an instance, and its pages', () => {
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
})
