// docs/platforms.md#rate-limits: a wait a platform announced on an answer that served (no request remains until its
// reset) holds every process on the database and every path with the same credentials, the searches and the streams:
// the next call anywhere is refused unsent (503 platform_budget_exhausted) until the reset, rather than each server,
// and each of a platform's connectors, meeting the platform's refusal once for itself.
import { describe, expect, test } from 'bun:test'
import { createRedditStream } from '../../src/platforms/reddit/stream'
import { resetIn } from '../support/reset-headers'
import { redditGate, redditSettings } from '../support/fake-platforms'
import { fakesPerTest } from '../support/fake-upstream'
import {
  limitedX,
  openMastodonStream,
  readOnce,
  searchRefused,
  serverStream,
  twoMastodonServers,
  twoServers,
} from '../support/two-servers'

const fake = fakesPerTest()

describe('a spent limit announced to one server', () => {
  test("X's x-rate-limit-remaining 0 on one server's search holds the other server's searches, unsent", async () => {
    // Past the window's 2 requests, 429.
    const x = limitedX(fake, 2)
    const [first, second] = await twoServers({ twitter: x.twitter })
    expect(await first.connectors.get('twitter')!.search('crm', 300)).toHaveLength(2)
    expect(x.sent()).toBe(2)
    const err = await searchRefused(second, 'twitter')
    expect(err.extra.retryAfterSec).toBeGreaterThan(880)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(900)
    expect(x.sent()).toBe(2)
  })

  test("Reddit's stream on one server hearing X-Ratelimit-Remaining 0.0 holds the other server's searches, unsent", async () => {
    // Reddit's API rules: X-Ratelimit-Used, -Remaining (a decimal) and -Reset (seconds to the period's end).
    let listings = 0
    let searches = 0
    const reddit = fake((req) => {
      const gate = redditGate(req)
      if (gate) return gate
      if (req.url.pathname === '/search') searches++
      else listings++
      const headers = { 'x-ratelimit-used': '600', 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': '420' }
      return Response.json({ kind: 'Listing', data: { after: null, children: [] } }, { headers })
    })
    const platforms = { reddit: { ...redditSettings(reddit.origin), stream_url: reddit.origin } }
    const [first, second] = await twoServers(platforms)
    // The first server's stream reads its listings with that server's pauses, as `serve` builds it.
    const stream = createRedditStream(first.config.platforms.reddit, first.log, { pauses: first.pauses })
    await readOnce(stream)
    // Its first listing spent the limit: the second (comments) was not sent either.
    expect(listings).toBe(1)
    const err = await searchRefused(second, 'reddit')
    expect(err.extra.retryAfterSec).toBeGreaterThan(400)
    expect(searches).toBe(0)
    // And the first server's own searches, though made by another connector than its stream's.
    await searchRefused(first, 'reddit')
    expect(searches).toBe(0)
  })

  test("Mastodon's stream reads the timeline's X-RateLimit-Remaining 0: its next read and every server's searches wait for the reset, unsent", async () => {
    // docs.joinmastodon.org/api/rate-limits: X-RateLimit-Limit, -Remaining and -Reset (ISO 8601) on every answer, per
    // account.
    const reset = resetIn('x-ratelimit-reset', 240, true)
    const sent = { timeline: 0, search: 0 }
    const instance = fake((req) => {
      if (req.headers.get('authorization') !== 'Bearer tok')
        return Response.json({ error: 'The access token is invalid' }, { status: 401 })
      if (req.url.pathname === '/api/v1/streaming/public') return openMastodonStream()
      const headers = { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', ...reset }
      if (req.url.pathname === '/api/v2/search') sent.search++
      else sent.timeline++
      return Response.json(req.url.pathname === '/api/v2/search' ? { statuses: [] } : [], { headers })
    })
    const [first, second] = await twoMastodonServers(instance.origin)
    const failures = await readOnce(serverStream(first, 'mastodon'))
    // The first timeline read took the last request: the catch-up's next one was not sent.
    expect(sent.timeline).toBe(1)
    expect(failures[0]).toContain("mastodon's request limit is spent")
    for (const server of [first, second]) {
      const err = await searchRefused(server, 'mastodon')
      expect(err.extra.retryAfterSec).toBeGreaterThan(200)
    }
    expect(sent.search).toBe(0)
  })
})

describe('a 429 on Mastodon, whose limit is per account (docs.joinmastodon.org/api/rate-limits)', () => {
  test("one server's search refused with 429 holds the other server's stream's timeline reads, unsent", async () => {
    const reset = resetIn('x-ratelimit-reset', 240, true)
    const sent = { timeline: 0, search: 0 }
    const instance = fake((req) => {
      if (req.url.pathname === '/api/v1/streaming/public') return openMastodonStream()
      if (req.url.pathname === '/api/v2/search') sent.search++
      else sent.timeline++
      const headers = { 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', ...reset }
      return Response.json({ error: 'Too many requests' }, { status: 429, headers })
    })
    const [first, second] = await twoMastodonServers(instance.origin)
    const err = await first.connectors
      .get('mastodon')!
      .search('crm', 10)
      .catch((e: any) => e)
    expect(err.extra.retryAfterSec).toBeGreaterThan(200)
    const failures = await readOnce(serverStream(second, 'mastodon'))
    expect(failures[0]).toContain('mastodon')
    expect(sent).toEqual({ search: 1, timeline: 0 })
  })
})
