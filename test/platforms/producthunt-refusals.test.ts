// What the Product Hunt connector makes of the API's refusals and silences: GraphQL errors in a 200 answer, a body
// without posts, error statuses, the complexity budget's 429 and X-Rate-Limit-Remaining, a slow answer.
import { describe, expect, test } from 'bun:test'
import { LAUNCHES_FRESH_MS } from '../../src/platforms/producthunt/connector'
import { fakesPerTest } from '../support/fake-upstream'
import { answer, connector, post } from './producthunt-fake'

const fake = fakesPerTest()

/**
 * Product Hunt's complexity budget (api.producthunt.com/v2/docs/rate_limits/headers): `points` left, each page costs
 * 250, and on every answer X-Rate-Limit-Limit, -Remaining and -Reset (`resetSec`, seconds until the window resets);
 * a page that needs more points than remain is refused with 429 until then. Page n holds one launch, post(250 × n).
 */
function fakeWithPoints(points: number, resetSec: number) {
  let remaining = points
  return fake(() => {
    const refused = remaining < 250
    if (!refused) remaining -= 250
    const headers = {
      'x-rate-limit-limit': '6250',
      'x-rate-limit-remaining': String(remaining),
      'x-rate-limit-reset': String(resetSec),
    }
    if (refused) return Response.json({ errors: [{ error: 'rate_limit_reached' }] }, { status: 429, headers })
    const n = points - remaining
    return Response.json(
      { data: { posts: { pageInfo: { endCursor: `c${n}`, hasNextPage: true }, edges: [{ node: post(n) }] } } },
      { headers },
    )
  })
}

describe('producthunt connector: when the API refuses or is slow', () => {
  test('GraphQL errors in a 200 answer are an upstream_error; the message goes to the log, not to the caller', async () => {
    const lines: string[] = []
    const ph = fake(() =>
      Response.json({
        errors: [{ message: "Field 'posts' complexity too high", locations: [{ line: 1, column: 1 }] }],
        data: null,
      }),
    )
    const err = await connector(ph.origin, {}, lines)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', message: 'producthunt answered with a GraphQL error' })
    expect(lines.some((l) => JSON.parse(l).message?.includes('complexity'))).toBe(true)
  })

  test('a body without data.posts is an upstream_error; so are an error status and a refused token', async () => {
    await expect(
      connector(fake(() => Response.json({ data: { viewer: null } })).origin).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_error' })
    await expect(connector(fake(() => Response.json([1, 2])).origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
    })
    const refused = fake(() => Response.json({ errors: [{ error: 'invalid_oauth_token' }] }, { status: 401 }))
    const err = await connector(refused.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain('ph_dev_token')
  })

  test('a 429 waits for the window to reset (X-Rate-Limit-Reset), even with points left that the query needs more of', async () => {
    // api.producthunt.com/v2/docs/rate_limits/headers: 6,250 complexity points per 15 minutes, 429 until the window
    // resets, and on every answer X-Rate-Limit-Limit, -Remaining and -Reset (seconds until the reset). Here each
    // page costs 250 points and 200 are left: the first page is refused with 200 remaining.
    const ph = fakeWithPoints(200, 421)
    const err = await connector(ph.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 421 } })
    expect(err.message).toBe('producthunt is rate limited (429, rate_limit_reached); retry after 421 s')
  })

  test('a page whose X-Rate-Limit-Remaining is less than a page costs ends the read with the pages it has; the next read waits for the reset, unsent', async () => {
    // Each page costs 250 points (the fall of X-Rate-Limit-Remaining from one page to the next) and 600 are left: after
    // 2 pages 100 remain, and a third page would be refused (429), losing the read.
    const ph = fakeWithPoints(600, 900)
    let at = Date.now()
    const c = connector(ph.origin, {}, [], () => at)
    expect(await c.search('crm', 5)).toHaveLength(2)
    expect(ph.received).toHaveLength(2)
    at += LAUNCHES_FRESH_MS
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(err.extra.retryAfterSec).toBe(900 - LAUNCHES_FRESH_MS / 1000)
    expect(ph.received).toHaveLength(2)
  })

  test('a slow answer is an upstream_timeout', async () => {
    const slow = fake(async () => {
      await Bun.sleep(400)
      return answer([], null, false)
    })
    await expect(
      connector(slow.origin, { LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
