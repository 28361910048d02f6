import { describe, expect, test } from 'bun:test'
import { advance, isNewer, pairsOf } from '../../../src/domain/polling/cursor'
import type { SearchTarget } from '../../../src/domain/polling/targets'
import type { Mention } from '../../../src/mention'
import type { Cursor } from '../../../src/storage/repos/polling-types'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()
const mention = (id: string, minute: number): Mention => ({
  id,
  author: 'ann',
  content: `post ${id}`,
  url: `https://example.test/${id}`,
  profileUrl: 'https://example.test/ann',
  date: at(minute),
  platform: 'hackernews',
  engagement: { likes: 0, comments: 0, shares: 0 },
})
const target = (teams: [string, string][]): SearchTarget => ({
  platform: 'hackernews',
  keyword: 'CRM',
  keywordLc: 'crm',
  teams: teams.map(([teamId, trackedSince]) => ({ teamId, keyword: teamId === 'b' ? 'crm' : 'CRM', trackedSince })),
})
const cursor = (newestAt: string | null, newestIds: string[], polledAt = at(30)): Cursor => ({
  newestAt,
  newestIds,
  polledAt,
})

describe('isNewer', () => {
  test('a post published after the cursor is new; one before it is not', () => {
    const c = cursor(at(5), ['a'])
    expect(isNewer(mention('x', 6), c)).toBe(true)
    expect(isNewer(mention('x', 4), c)).toBe(false)
  })

  test('at the very time of the cursor, only a post it had not seen then is new', () => {
    const c = cursor(at(5), ['a', 'b'])
    expect(isNewer(mention('a', 5), c)).toBe(false)
    expect(isNewer(mention('c', 5), c)).toBe(true)
  })

  test('a cursor that has seen nothing yet takes every post', () => {
    expect(isNewer(mention('x', 0), cursor(null, []))).toBe(true)
  })
})

describe('advance', () => {
  test('from no cursor: the newest time of the page and every post published at it', () => {
    const next = advance(
      target([]),
      undefined,
      [mention('a', 3), mention('b', 7), mention('c', 7), mention('d', 1)],
      at(30),
    )
    expect(next).toEqual({
      platform: 'hackernews',
      keywordLc: 'crm',
      newestAt: at(7),
      newestIds: ['b', 'c'],
      polledAt: at(30),
    })
  })

  test("posts at the cursor's time join its ids; a newer post replaces them; older posts change nothing", () => {
    const c = cursor(at(5), ['a'], at(20))
    expect(advance(target([]), c, [mention('b', 5), mention('a', 5), mention('z', 2)], at(30))).toMatchObject({
      newestAt: at(5),
      newestIds: ['a', 'b'],
      polledAt: at(30),
    })
    expect(advance(target([]), c, [mention('b', 5), mention('n', 6)], at(30))).toMatchObject({
      newestAt: at(6),
      newestIds: ['n'],
    })
  })

  test('an empty page keeps the cursor and notes the pass', () => {
    expect(advance(target([]), cursor(at(5), ['a'], at(20)), [], at(30))).toMatchObject({
      newestAt: at(5),
      newestIds: ['a'],
      polledAt: at(30),
    })
    expect(advance(target([]), undefined, [], at(30))).toMatchObject({ newestAt: null, newestIds: [] })
  })
})

describe('pairsOf', () => {
  test("new posts go to every team, post by post with each post's teams in a row, in the team's spelling", () => {
    const { fresh, pairs } = pairsOf(
      target([
        ['a', at(0)],
        ['b', at(0)],
      ]),
      cursor(at(5), ['old']),
      [mention('new', 6), mention('old', 5), mention('n2', 5)],
    )
    expect(fresh).toBe(2)
    expect(pairs.map((p) => [p.postId, p.teamId, p.keyword, p.platform, p.attempts])).toEqual([
      ['new', 'a', 'CRM', 'hackernews', 0],
      ['new', 'b', 'crm', 'hackernews', 0],
      ['n2', 'a', 'CRM', 'hackernews', 0],
      ['n2', 'b', 'crm', 'hackernews', 0],
    ])
  })

  test("a team that began tracking after the cursor's pass gets the whole page; the others only what is new", () => {
    const { fresh, pairs } = pairsOf(
      target([
        ['a', at(0)],
        ['late', at(40)],
      ]),
      cursor(at(5), ['old'], at(30)),
      [mention('new', 6), mention('old', 5)],
    )
    expect(fresh).toBe(1)
    expect(pairs.map((p) => `${p.postId}/${p.teamId}`)).toEqual(['new/a', 'new/late', 'old/late'])
  })

  test('without a cursor every post is new for every team', () => {
    const { fresh, pairs } = pairsOf(target([['a', at(0)]]), undefined, [mention('x', 1), mention('y', 2)])
    expect([fresh, pairs.length]).toEqual([2, 2])
  })
})
