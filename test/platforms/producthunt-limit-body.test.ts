import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createProducthuntConnector } from '../../src/platforms/producthunt/connector'
import { fakesPerTest } from '../support/fake-upstream'

// Product Hunt's spent budget as its API answers it (docs/platforms.md#producthunt): the rate-limit page
// (api.producthunt.com/v2/docs/rate_limits/headers) gives the X-Rate-Limit-Limit, -Remaining and -Reset headers
// (seconds until the reset); the body, as users quote it (producthunt-api#292, #336), is a GraphQL answer with no
// data and one error, `rate_limit_reached`, whose `details` repeat the limit, what remains (below 0 once a query
// overspent) and `reset_in`, the seconds until the window resets.
const fake = fakesPerTest()
const connector = (origin: string, now?: () => number) =>
  createProducthuntConnector(
    loadConfig({
      env: {
        LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_BASE_URL: origin,
        LEAD_SIGNALS_PLATFORMS_PRODUCTHUNT_TOKEN: 'ph_dev_token',
      },
    }).platforms.producthunt,
    createLogger(() => {}),
    now,
  )

const limitReached = (resetIn: number) => ({
  data: null,
  errors: [
    {
      error: 'rate_limit_reached',
      error_description: 'Sorry. You have exceeded the API rate limit, please try again later.',
      details: { limit: 6250, remaining: -50, reset_in: resetIn },
    },
  ],
})
const limitHeaders = (resetSec: number) => ({
  'x-rate-limit-limit': '6250',
  'x-rate-limit-remaining': '-50',
  'x-rate-limit-reset': String(resetSec),
})

describe('producthunt: the rate_limit_reached answer', () => {
  test('in a GraphQL answer that came with 200 it is a rate limit until the reset, not a GraphQL error; the next read waits unsent', async () => {
    const ph = fake(() => Response.json(limitReached(102), { headers: limitHeaders(102) }))
    let at = Date.now()
    const c = connector(ph.origin, () => at)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 102 } })
    expect(err.message).toBe('producthunt is rate limited (rate_limit_reached); retry after 102 s')
    at += 30_000
    const held = await c.search('crm', 5).catch((e) => e)
    expect(held).toMatchObject({ kind: 'platform_budget_exhausted', extra: { retryAfterSec: 72 } })
    expect(ph.received).toHaveLength(1)
  })

  test('a 429 without the X-Rate-Limit headers (a proxy that drops them) waits for the reset_in its body names, not a minute', async () => {
    const ph = fake(() => Response.json(limitReached(540), { status: 429 }))
    const err = await connector(ph.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 540 } })
    expect(err.message).toBe('producthunt is rate limited (429, rate_limit_reached); retry after 540 s')
  })

  test('a 429 with the headers goes by X-Rate-Limit-Reset, the answer of the moment', async () => {
    const ph = fake(() => Response.json(limitReached(540), { status: 429, headers: limitHeaders(538) }))
    const err = await connector(ph.origin)
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 538 } })
  })

  test('a page refused after the first (points another server spent meanwhile) ends the read with the launches it has; the next read waits unsent', async () => {
    // Each page costs 250 points of 1,000; after the second page another server with the token spends 400, so the
    // third is refused with the documented body and headers, 150 points left and the window resetting in 300 s.
    let remaining = 1000
    let page = 0
    const ph = fake(() => {
      page++
      if (page === 3) remaining -= 400
      if (remaining < 250) return Response.json(limitReached(900), { status: 429, headers: limitHeaders(900) })
      remaining -= 250
      const node = {
        id: String(page),
        name: `CRM ${page}`,
        tagline: 'crm',
        url: `https://www.producthunt.com/posts/crm-${page}`,
        createdAt: '2026-03-01T08:00:00Z',
      }
      const headers = { ...limitHeaders(900), 'x-rate-limit-remaining': String(remaining) }
      return Response.json(
        { data: { posts: { pageInfo: { endCursor: `c${page}`, hasNextPage: true }, edges: [{ node }] } } },
        { headers },
      )
    })
    let at = Date.now()
    const c = connector(ph.origin, () => at)
    expect((await c.search('crm', 10)).map((m) => m.id)).toEqual(['producthunt:1', 'producthunt:2'])
    expect(ph.received).toHaveLength(3)
    at += 11 * 60_000
    const held = await c.search('crm', 10).catch((e) => e)
    expect(held).toMatchObject({ kind: 'platform_budget_exhausted', extra: { retryAfterSec: 900 - 660 } })
    expect(ph.received).toHaveLength(3)
  })
})
