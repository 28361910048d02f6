// What the X (Twitter) connector makes of X's refusals and silences: a 401, a 429 for the window or the spent usage
// cap, a page that leaves no request, an answer too slow.
import { describe, expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { resetIn } from '../support/reset-headers'
import { expectSpentLimitHeld } from '../support/spent-limit'
import { connector, jane, page, tweet } from './twitter-fake'

const fake = fakesPerTest()

describe('twitter connector: when X refuses or is slow', () => {
  test('a 401 is an upstream_error that does not carry the bearer token', async () => {
    const x = fake(() =>
      Response.json(
        { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
        { status: 401 },
      ),
    )
    const err = await connector(x.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error' })
    expect(err.message).not.toContain('AAAA-bearer')
  })

  test('a 429 rate-limit answer is an upstream_error', async () => {
    const x = fake(() =>
      Response.json({ title: 'Too Many Requests' }, { status: 429, headers: { 'x-rate-limit-remaining': '0' } }),
    )
    await expect(connector(x.origin).search('crm', 10)).rejects.toMatchObject({ kind: 'upstream_error' })
  })

  // X answers 429 also when the Post cap is spent, not only the 15-minute window (docs.x.com, Response codes and
  // errors: "the App's rate limit or Post cap having been exhausted"), with a problem of type usage-capped and the
  // window's requests still remaining. A minute later the cap is as spent as before.
  test("a 429 for the spent usage cap waits an hour and says so, not the window's minute", async () => {
    const x = fake(() =>
      Response.json(
        {
          title: 'UsageCapExceeded',
          detail: 'Usage cap exceeded: Monthly product cap',
          type: 'https://api.twitter.com/2/problems/usage-capped',
          period: 'Monthly',
          scope: 'Product',
        },
        {
          status: 429,
          headers: {
            'x-rate-limit-limit': '450',
            'x-rate-limit-remaining': '449',
            'x-rate-limit-reset': String(Math.floor(Date.now() / 1000) + 600),
          },
        },
      ),
    )
    const err = await connector(x.origin)
      .search('crm', 10)
      .catch((e) => e)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 3600 } })
    expect(err.message).toBe(
      "twitter: X's Monthly usage cap is spent (429 UsageCapExceeded); retry after 3600 s. Raise the cap or buy credits in the X developer console",
    )
  })

  test('a page whose x-rate-limit-remaining says none is left ends the search with what it found, and the next is refused unsent until x-rate-limit-reset', async () => {
    // docs.x.com, "Rate limits": every answer carries x-rate-limit-limit, -remaining (in the 15-minute window) and
    // -reset (epoch seconds); past the limit, 429. The pages already read are billed: a 429 on the next lost them.
    const reset = resetIn('x-rate-limit-reset', 600)
    let used = 0
    const x = fake((req) => {
      if (used >= 2) return Response.json({ title: 'Too Many Requests', status: 429 }, { status: 429 })
      used++
      const page = req.url.searchParams.get('next_token') ? 2 : 1
      return Response.json(
        {
          data: [tweet(page * 10 + 1), tweet(page * 10 + 2)],
          includes: { users: [jane] },
          meta: { result_count: 2, next_token: `page-${page + 1}` },
        },
        {
          headers: {
            'x-rate-limit-limit': '2',
            'x-rate-limit-remaining': String(2 - used),
            ...reset,
          },
        },
      )
    })
    await expectSpentLimitHeld(connector(x.origin), {
      limit: 300,
      found: 4,
      resetInSec: 600,
      sent: () => x.received.length,
    })
  })

  test('a slow answer is an upstream_timeout', async () => {
    const x = fake(async () => {
      await Bun.sleep(400)
      return page(undefined)
    })
    await expect(
      connector(x.origin, { LEAD_SIGNALS_PLATFORMS_TWITTER_TIMEOUT_MS: '100' }).search('crm', 10),
    ).rejects.toMatchObject({ kind: 'upstream_timeout' })
  })
})
