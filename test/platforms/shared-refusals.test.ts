// docs/platforms.md#rate-limits: where a platform's stream and its searches spend one limit (Reddit's is its OAuth
// client's: the stream's listings and the searches are the same app's requests), a 429 one of them meets holds the
// other too, on every server on the database, until the time it named: refused unsent rather than sent into the
// refusal.
import { describe, expect, test } from 'bun:test'
import { createRedditStream } from '../../src/platforms/reddit/stream'
import { redditGate, redditSettings } from '../support/fake-platforms'
import { fakesPerTest } from '../support/fake-upstream'
import { readOnce, searchRefused, twoServers } from '../support/two-servers'

const fake = fakesPerTest()

/**
 * Reddit refusing every call with 429 (Reddit's API rules: X-Ratelimit-Reset, seconds to the period's end), counted.
 */
async function refusingReddit() {
  const sent = { searches: 0, listings: 0 }
  const reddit = fake((req) => {
    const gate = redditGate(req)
    if (gate) return gate
    if (req.url.pathname === '/search') sent.searches++
    else sent.listings++
    const headers = { 'x-ratelimit-used': '600', 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': '420' }
    return Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429, headers })
  })
  const [first, second] = await twoServers({ reddit: { ...redditSettings(reddit.origin), stream_url: reddit.origin } })
  // A server's stream, as `serve` builds it: with that server's pauses.
  const streamOf = (server: typeof first) =>
    createRedditStream(server.config.platforms.reddit, server.log, { pauses: server.pauses })
  return { sent, first, second, streamOf }
}

describe('a 429 that one path of a platform met, where its stream and searches share the limit', () => {
  test("Reddit: one server's search refused with 429 holds the other server's stream, unsent", async () => {
    const { sent, first, second, streamOf } = await refusingReddit()
    const err = await first.connectors
      .get('reddit')!
      .search('crm', 10)
      .catch((e: any) => e)
    expect(err.extra.retryAfterSec).toBeGreaterThan(400)
    expect(sent.searches).toBe(1)
    const failures = await readOnce(streamOf(second))
    expect(failures[0]).toContain('reddit')
    expect(sent.listings).toBe(0)
  })

  test("Reddit: one server's stream refused with 429 holds the other server's searches, unsent", async () => {
    const { sent, first, second, streamOf } = await refusingReddit()
    await readOnce(streamOf(first))
    expect(sent.listings).toBe(1)
    const err = await searchRefused(second, 'reddit')
    expect(err.extra.retryAfterSec).toBeGreaterThan(400)
    expect(sent.searches).toBe(0)
  })
})
