// docs/platforms.md#stackoverflow: Stack Exchange counts its daily quota per key and address (api.stackexchange.com/docs/throttle:
// without an access token an application "shares an IP based quota with all other applications on that IP"). An answer
// saying quota_remaining 0 holds the searches and the stream of every server on this machine with that key, not only
// the connector that read it: the next call would be refused with a throttle_violation.
import { describe, expect, test } from 'bun:test'
import { streamReaders } from '../../src/platforms/streams'
import { fakesPerTest } from '../support/fake-upstream'
import { readOnce, searchRefused, twoServers } from '../support/two-servers'

const fake = fakesPerTest()

const question = (n: number) => ({
  question_id: n,
  title: `Which CRM? ${n}`,
  link: `https://stackoverflow.com/questions/${n}/which-crm`,
  owner: { display_name: 'ann', user_id: 7 },
  creation_date: 1_790_000_000 + n,
})

describe("Stack Exchange's spent daily quota", () => {
  test("quota_remaining 0 on one server's search holds the other server's searches and stream, unsent", async () => {
    // The common wrapper (api.stackexchange.com/docs/wrapper): items, has_more, quota_max, quota_remaining.
    const sent = { search: 0, stream: 0 }
    const api = fake((req) => {
      if (req.url.pathname === '/2.3/search/advanced') sent.search++
      else sent.stream++
      return Response.json({ items: [question(1)], has_more: true, quota_max: 10_000, quota_remaining: 0 })
    })
    const stackoverflow = { base_url: api.origin, stream_url: api.origin, key: 'app-key' }
    const [first, second] = await twoServers({ stackoverflow })
    expect(await first.connectors.get('stackoverflow')!.search('crm', 200)).toHaveLength(1)
    expect(sent.search).toBe(1)
    const err = await searchRefused(second, 'stackoverflow')
    expect(err.extra.retryAfterSec).toBeGreaterThan(3500)
    expect(sent.search).toBe(1)
    // The second server's stream, as `serve` builds it, waits too.
    const config = { ...second.config, platforms: { ...second.config.platforms } }
    config.platforms.stackoverflow = { ...config.platforms.stackoverflow, mode: 'stream' }
    const stream = streamReaders(config, second.log, { pauses: second.pauses }).find(
      (r) => r.platform === 'stackoverflow',
    )
    const failures = await readOnce(stream!)
    expect(failures[0]).toContain('quota')
    expect(sent.stream).toBe(0)
  })
})
