// What the Product Hunt connector asks of the API v2 (POST /v2/api/graphql: the newest posts, 20 a page, the bearer
// token), which launches it keeps for a keyword, and the one read of the newest launches that serves every keyword.
import { describe, expect, test } from 'bun:test'
import { LAUNCHES_FRESH_MS } from '../../src/platforms/producthunt/connector'
import { fakesPerTest } from '../support/fake-upstream'
import { connector, post, other, answer, body } from './producthunt-fake'

const fake = fakesPerTest()

describe('producthunt connector: what it asks the GraphQL API, and what it keeps', () => {
  test('POSTs the newest-posts query as JSON with the bearer token, 20 a page, no cursor at first', async () => {
    const ph = fake(() => answer([], null, false))
    await connector(ph.origin).search('crm', 5)
    expect(ph.received).toHaveLength(1)
    const [req] = ph.received
    expect(req.method).toBe('POST')
    expect(req.url.pathname).toBe('/v2/api/graphql')
    expect(req.headers.get('authorization')).toBe('Bearer ph_dev_token')
    expect(req.headers.get('content-type')).toBe('application/json')
    expect(req.headers.get('accept')).toBe('application/json')
    expect(req.headers.get('user-agent')).toContain('lead-signals')
    const { query, variables } = body(req)
    expect(variables).toEqual({ first: 20, after: null })
    expect(query).toContain('posts(order: NEWEST, first: $first, after: $after)')
    for (const field of [
      'id',
      'name',
      'tagline',
      'description',
      'url',
      'createdAt',
      'votesCount',
      'commentsCount',
      'user { name username url }',
      'pageInfo { endCursor hasNextPage }',
    ]) {
      expect(query).toContain(field)
    }
  })

  test('keeps only posts matching every keyword word in name, tagline or description, case-insensitively', async () => {
    const ph = fake(() =>
      answer(
        [post(1), other(2), post(3, { tagline: 'Sales pipeline', description: 'A crm TOOL for two' }), other(4)],
        null,
        false,
      ),
    )
    const mentions = await connector(ph.origin).search('CRM tool', 10)
    expect(mentions.map((m) => m.id)).toEqual(['producthunt:900003'])
  })
  test('one read of the newest launches (5 pages) serves every keyword until it is no longer fresh', async () => {
    let clock = 1_000_000
    // Every page: 15 matching posts and 5 others.
    const ph = fake((r) => {
      const p = Number(body(r).variables.after ?? 0)
      const nodes = Array.from({ length: 20 }, (_, i) => (i % 4 < 3 ? post(p * 20 + i) : other(p * 20 + i)))
      return answer(nodes, String(p + 1), true)
    })
    const c = connector(ph.origin, {}, [], () => clock)
    expect(c.sharesOneRead).toBe(true)
    expect(c.requestsFor?.(50)).toBe(5)
    const [crm, widget] = await Promise.all([c.search('crm', 50), c.search('widget', 50)])
    expect(ph.received.map((r) => body(r).variables.after)).toEqual([null, '1', '2', '3', '4'])
    expect(crm).toHaveLength(50)
    expect(new Set(crm.map((m) => m.id)).size).toBe(50)
    expect(widget).toHaveLength(25)
    // Fresh: no request, nothing charged.
    expect(c.requestsFor?.(50)).toBe(0)
    clock += LAUNCHES_FRESH_MS - 1
    expect(await c.search('acme', 5)).toHaveLength(5)
    expect(ph.received).toHaveLength(5)
    clock += 1
    expect(c.requestsFor?.(50)).toBe(5)
    await c.search('acme', 5)
    expect(ph.received).toHaveLength(10)
  })

  test('a failed read is not kept: the next search reads again', async () => {
    let fail = true
    const ph = fake(() => (fail ? new Response('down', { status: 503 }) : answer([post(1)], null, false)))
    const c = connector(ph.origin)
    await expect(c.search('crm', 5)).rejects.toMatchObject({ kind: 'upstream_error' })
    fail = false
    expect(await c.search('crm', 5)).toHaveLength(1)
  })

  test('stops after 5 pages (100 launches) when matches are rare, and when hasNextPage is false', async () => {
    const rare = fake((r) => {
      const p = Number(body(r).variables.after ?? 0)
      return answer(
        Array.from({ length: 20 }, (_, i) => (i === 0 ? post(p * 20) : other(p * 20 + i))),
        String(p + 1),
        true,
      )
    })
    expect(await connector(rare.origin).search('crm', 50)).toHaveLength(5)
    expect(rare.received).toHaveLength(5)
    const last = fake(() => answer([post(1), post(2)], 'end', false))
    expect(await connector(last.origin).search('crm', 50)).toHaveLength(2)
    expect(last.received).toHaveLength(1)
  })
})
