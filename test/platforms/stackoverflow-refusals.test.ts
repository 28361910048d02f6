// What the Stack Overflow connector makes of the Stack Exchange API's refusals and silences: backoff, a spent
// quota, error envelopes and throttle_violation, a proxy's bare 429, an error without an envelope, a slow answer.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { stackExchangeThrottle } from '../support/platform-rules'
import { gzipJson, wrapper, connector, question } from './stackoverflow-fake'

const fake = fakesPerTest()

describe('stackoverflow connector: when Stack Exchange refuses or is slow', () => {
  test('after an answer with backoff, searches fail fast naming the wait, with no request sent, until it elapses', async () => {
    const se = fake(() => wrapper([question(1)], { backoff: 1 }))
    const c = connector(se.origin)
    expect(await c.search('crm', 5)).toHaveLength(1)
    const err = await c.search('crm', 5).catch((e) => e)
    // Refused unsent (503 with Retry-After), the wait kept by the search runner as the platform's retry time.
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted', extra: { retryAfterSec: 1 } })
    expect(err.message).toContain('backoff')
    expect(err.message).toMatch(/wait 1 s/)
    expect(se.received).toHaveLength(1)
    await Bun.sleep(1050)
    expect(await c.search('crm', 5)).toHaveLength(1)
    expect(se.received).toHaveLength(2)
  })

  test('a backoff on a page stops the paging there and returns what came so far', async () => {
    const se = fake(({ url }) =>
      wrapper(
        Array.from({ length: Number(url.searchParams.get('pagesize')) - 1 }, (_, i) => question(i + 1)).concat({
          bad: 1,
        } as never),
        { has_more: true, backoff: 5 },
      ),
    )
    const mentions = await connector(se.origin).search('crm', 10)
    expect(se.received).toHaveLength(1)
    expect(mentions).toHaveLength(9)
  })

  test('a page whose quota_remaining is 0 stops the paging there and returns what came; searches wait an hour, unsent', async () => {
    // docs/throttle: the address's daily quota is counted down in quota_remaining on every wrapper; past it, each call
    // is refused (throttle_violation naming the seconds until more requests are available), which lost the pages read.
    let used = 0
    const se = fake(({ url }) => {
      if (used >= 1)
        return gzipJson(
          {
            error_id: 502,
            error_name: 'throttle_violation',
            error_message: 'too many requests from this IP, more requests available in 40000 seconds',
          },
          400,
        )
      used++
      const size = Number(url.searchParams.get('pagesize'))
      return wrapper(
        Array.from({ length: size }, (_, i) => question(i + 1)),
        { has_more: true, quota_max: 300, quota_remaining: 0 },
      )
    })
    const c = connector(se.origin)
    expect(await c.search('crm', 200)).toHaveLength(100)
    expect(se.received).toHaveLength(1)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(err.extra.retryAfterSec).toBeGreaterThan(3590)
    expect(err.message).toContain('quota')
    expect(se.received).toHaveLength(1)
  })

  test('an error envelope (HTTP 400) is an upstream_error naming error_id, error_name and error_message', async () => {
    const se = fake(() =>
      gzipJson({ error_id: 400, error_message: 'site is required', error_name: 'bad_parameter' }, 400),
    )
    const err = await connector(se.origin, { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_KEY: 'appkey' })
      .search('crm', 5)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: {} })
    expect(err.message).toBe('stackoverflow answered with error 400 (bad_parameter: site is required)')
    expect(err.message).not.toContain('appkey')
  })

  test('a throttle_violation is a rate limit for the seconds it names, and nothing is sent before they pass', async () => {
    const throttle = stackExchangeThrottle(3600)
    const se = fake(() => throttle.answer())
    const c = connector(se.origin, { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_KEY: 'appkey' })
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 3600 } })
    expect(err.message).toContain('throttle_violation')
    expect(err.message).toContain('retry after 3600 s')
    expect(err.message).not.toContain('appkey')
    // Asking again while the address is banned would only lengthen the ban: the connector answers for it.
    const again = await c.search('crm', 5).catch((e) => e)
    expect(again.extra.retryAfterSec).toBeGreaterThan(3590)
    expect(again.message).toMatch(/pause \(throttle_violation\): wait \d+ s/)
    expect(throttle.refused).toBe(1)
  })

  test('a throttle_violation without a number waits the backoff it carries, else five minutes', async () => {
    const bare = { error_id: 502, error_name: 'throttle_violation', error_message: 'too many requests from this IP' }
    const a = fake(() => gzipJson({ ...bare, backoff: 42 }, 400))
    expect(
      await connector(a.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(42)
    const b = fake(() => gzipJson(bare, 400))
    expect(
      await connector(b.origin)
        .search('crm', 5)
        .catch((e) => e.extra.retryAfterSec),
    ).toBe(300)
  })

  test("a bare 429 (a proxy's) asking for days holds the address a day at most, the quota's own period", async () => {
    // api.stackexchange.com/docs/throttle: the address's quota is a day's, so no wait of Stack Exchange's is longer.
    const se = fake(() => new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '864000' } }))
    const c = connector(se.origin)
    const err = await c.search('crm', 5).catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 86400, askedSec: 864000 } })
    expect(err.message).toContain('retry after 86400 s (asked for 864000 s')
    expect(c.pause?.secondsLeft()).toBeLessThanOrEqual(86400)
    const again = await c.search('crm', 5).catch((e) => e)
    expect(again).toMatchObject({ kind: 'platform_budget_exhausted' })
    expect(again.extra.retryAfterSec).toBeLessThanOrEqual(86400)
    expect(se.received).toHaveLength(1)
  })

  test('an error status without an envelope is an upstream_error', async () => {
    const se = fake(() => new Response('<html>Service Unavailable</html>', { status: 503 }))
    await expect(connector(se.origin).search('crm', 5)).rejects.toMatchObject({
      kind: 'upstream_error',
      message: 'stackoverflow answered with status 503',
    })
  })
  test('a slow answer is an upstream_timeout', async () => {
    const se = fake(async () => {
      await Bun.sleep(400)
      return wrapper([])
    })
    await expect(
      connector(se.origin, { LEAD_SIGNALS_PLATFORMS_STACKOVERFLOW_TIMEOUT_MS: '100' }).search('crm', 5),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
