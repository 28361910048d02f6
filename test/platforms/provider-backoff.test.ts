import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createProviderConnector } from '../../src/platforms/provider/connector'
import { fakesPerTest } from '../support/fake-upstream'

// Apify API v2, "Rate limiting" (docs/platforms.md#providers): a request over the limit is answered 429 with
// {"error": {"type": "rate-limit-exceeded", ...}}, at times without Retry-After; the client is to wait a random time
// between DELAY and 2 × DELAY milliseconds, DELAY starting at 500, double DELAY and send the request again.
const TOKEN = 'apify_api_SECRET123'
const fake = fakesPerTest()
const limited = (headers: Record<string, string> = {}) =>
  Response.json(
    { error: { type: 'rate-limit-exceeded', message: 'You have exceeded the rate limit of 30 requests per second' } },
    { status: 429, headers },
  )
const post = { id: 'p1', url: 'https://www.linkedin.com/posts/p1', text: 'Which CRM?', date: '2026-03-01T12:00:00Z' }

/** A fake that refuses the first `refusals` runs (every run when Infinity), then answers the dataset. */
function apify(refusals: number, headers: Record<string, string> = {}) {
  const at: number[] = []
  const f = fake(() => {
    at.push(performance.now())
    return at.length <= refusals ? limited(headers) : Response.json([post], { status: 201 })
  })
  return { ...f, at }
}

const linkedin = (origin: string, pacing?: Parameters<typeof createProviderConnector>[4]) =>
  createProviderConnector(
    'linkedin',
    loadConfig({
      fileText: `[platforms.linkedin]\nbase_url = "${origin}"\ntimeout_ms = 60000\ntoken = "${TOKEN}"\nactor = "acme/posts"\ninput = { q = "{keyword}" }`,
      env: {},
    }).platforms.linkedin,
    createLogger(() => {}),
    undefined,
    pacing,
  )

describe('provider (Apify): a 429 without Retry-After', () => {
  test('is sent again after 500 ms, then 1,000 ms (the random part at its least), and the run that serves answers the search', async () => {
    const f = apify(2)
    const mentions = await linkedin(f.origin, { random: () => 0 }).search('crm', 5)
    expect(mentions.map((m) => m.id)).toEqual(['linkedin:p1'])
    expect(f.at).toHaveLength(3)
    expect(f.at[1] - f.at[0]).toBeGreaterThanOrEqual(490)
    expect(f.at[2] - f.at[1]).toBeGreaterThanOrEqual(990)
  })

  test('waits between DELAY and twice DELAY, doubling, and gives up after four retries as rate limited, with the next wait', async () => {
    const f = apify(Number.POSITIVE_INFINITY)
    const slept: number[] = []
    const err = await linkedin(f.origin, { random: () => 0.5, sleep: async (ms) => void slept.push(ms) })
      .search('crm', 5)
      .catch((e) => e)
    expect(slept).toEqual([750, 1500, 3000, 6000])
    expect(f.received).toHaveLength(5)
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 12 } })
    expect(err.message).toBe('linkedin is rate limited (429 without Retry-After, 5 tries backed off); retry after 12 s')
    expect(err.message).not.toContain(TOKEN)
  })

  test('a 429 with Retry-After is not retried: its wait is the one kept', async () => {
    const f = apify(1, { 'retry-after': '30' })
    const slept: number[] = []
    const err = await linkedin(f.origin, { sleep: async (ms) => void slept.push(ms) })
      .search('crm', 5)
      .catch((e) => e)
    expect(f.received).toHaveLength(1)
    expect(slept).toEqual([])
    expect(err).toMatchObject({ kind: 'upstream_error', extra: { retryAfterSec: 30 } })
  })
})

describe('provider (Apify): a search stopped while it backs off', () => {
  test('ends its wait at once and sends Apify nothing more', async () => {
    const f = apify(Number.POSITIVE_INFINITY)
    const stop = new AbortController()
    // The random part at its most: the first wait is 1,000 ms, the ones after it 2, 4 and 8 s.
    const searching = linkedin(f.origin, { random: () => 1 }).search('crm', 5, stop.signal)
    while (f.at.length === 0) await Bun.sleep(10)
    await Bun.sleep(100)
    const stoppedAt = performance.now()
    stop.abort()
    const err = await searching.catch((e) => e)
    const tookMs = performance.now() - stoppedAt
    expect(err).toBeInstanceOf(Error)
    expect(tookMs).toBeLessThan(300)
    // Past where the first wait would have ended: no try was sent after the stop.
    await Bun.sleep(1200)
    expect(f.received).toHaveLength(1)
  })
})
