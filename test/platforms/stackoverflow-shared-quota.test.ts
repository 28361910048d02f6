// docs/platforms.md#stackoverflow: Stack Exchange counts its daily quota per address
// (api.stackexchange.com/docs/throttle: without an access token, every application calling from one address counts
// against one quota, whatever its key). An answer saying quota_remaining 0 holds the searches and the stream of every
// server on this machine, not only the connector that read it: the next call would be refused with a
// throttle_violation.
import { describe, expect, test } from 'bun:test'
import { streamReaders } from '../../src/platforms/streams'
import { fakesPerTest } from '../support/fake-upstream'
import { recordingSink } from '../support/stream-world'
import { readOnce, searchRefused, twoServers } from '../support/two-servers'

const fake = fakesPerTest()

const question = (n: number) => ({
  question_id: n,
  title: `Which CRM? ${n}`,
  link: `https://stackoverflow.com/questions/${n}/which-crm`,
  owner: { display_name: 'ann', user_id: 7 },
  creation_date: 1_790_000_000 + n,
})

/** Two servers on `api`; the first has searched once, which sent one request. */
async function afterOneSearch(api: { origin: string }, sent: { search: number }) {
  const servers = await twoServers({ stackoverflow: { base_url: api.origin, stream_url: api.origin, key: 'app-key' } })
  expect(await servers[0].connectors.get('stackoverflow')!.search('crm', 200)).toHaveLength(1)
  expect(sent.search).toBe(1)
  return servers
}

/** `server`'s Stack Overflow stream, as `serve` builds it. */
function streamOf(server: Awaited<ReturnType<typeof twoServers>>[number]) {
  const config = { ...server.config, platforms: { ...server.config.platforms } }
  config.platforms.stackoverflow = { ...config.platforms.stackoverflow, mode: 'stream' }
  return streamReaders(config, server.log, { pauses: server.pauses }).find((r) => r.platform === 'stackoverflow')!
}

describe("Stack Exchange's spent daily quota", () => {
  test("quota_remaining 0 on one server's search holds the other server's searches and stream, unsent", async () => {
    // The common wrapper (api.stackexchange.com/docs/wrapper): items, has_more, quota_max, quota_remaining.
    const sent = { search: 0, stream: 0 }
    const api = fake((req) => {
      if (req.url.pathname === '/2.3/search/advanced') sent.search++
      else sent.stream++
      return Response.json({ items: [question(1)], has_more: true, quota_max: 10_000, quota_remaining: 0 })
    })
    const [, second] = await afterOneSearch(api, sent)
    const err = await searchRefused(second, 'stackoverflow')
    expect(err.extra.retryAfterSec).toBeGreaterThan(3500)
    expect(sent.search).toBe(1)
    // The second server's stream waits too.
    const failures = await readOnce(streamOf(second))
    expect(failures[0]).toContain('quota')
    expect(sent.stream).toBe(0)
  })

  test("quota_remaining 0 on one server's search holds a server on this machine with another key too, unsent", async () => {
    // api.stackexchange.com/docs/throttle: without an access token, the applications calling from one address count
    // against one quota, whichever key each passes (the larger of their limits).
    const keys: string[] = []
    const api = fake((req) => {
      keys.push(req.url.searchParams.get('key') ?? '')
      return Response.json({ items: [question(1)], has_more: false, quota_max: 10_000, quota_remaining: 0 })
    })
    const settings = (key: string) => ({ stackoverflow: { base_url: api.origin, stream_url: api.origin, key } })
    const [first, second] = await twoServers(settings('key-a'), settings(''))
    expect(await first.connectors.get('stackoverflow')!.search('crm', 10)).toHaveLength(1)
    const err = await searchRefused(second, 'stackoverflow')
    expect(err.extra.retryAfterSec).toBeGreaterThan(3500)
    expect(keys).toEqual(['key-a'])
  })
})

describe("Stack Exchange's backoff", () => {
  test("backoff on one server's search holds the other server's searches of that method, unsent, but not its stream's method", async () => {
    // api.stackexchange.com/docs/throttle: with `backoff` set, the application waits that many seconds before calling
    // the same method again; the stream's /questions is another method.
    const sent = { search: 0, stream: 0 }
    const api = fake((req) => {
      if (req.url.pathname === '/2.3/search/advanced') {
        sent.search++
        return Response.json({
          items: [question(1)],
          has_more: true,
          backoff: 30,
          quota_max: 10_000,
          quota_remaining: 9000,
        })
      }
      sent.stream++
      return Response.json({ items: [question(2)], has_more: false, quota_max: 10_000, quota_remaining: 8999 })
    })
    const [, second] = await afterOneSearch(api, sent)
    const err = await searchRefused(second, 'stackoverflow')
    expect(err.extra.retryAfterSec).toBeGreaterThan(25)
    expect(err.extra.retryAfterSec).toBeLessThanOrEqual(30)
    expect(err.message).toContain('backoff')
    expect(sent.search).toBe(1)
    expect(await readOnce(streamOf(second))).toEqual([])
    expect(sent.stream).toBe(1)
  })

  test("backoff on one server's stream holds the other server's stream (the same method) until it has passed, without a failure", async () => {
    // The stream taken over by another server mid-backoff (its lease moved): /questions is the same method.
    const sent = { search: 0, stream: 0 }
    const api = fake(() => {
      sent.stream++
      return Response.json({ items: [question(sent.stream)], has_more: false, backoff: 600, quota_remaining: 9000 })
    })
    const [first, second] = await twoServers({
      stackoverflow: { base_url: api.origin, stream_url: api.origin, key: 'app-key' },
    })
    expect(await readOnce(streamOf(first))).toEqual([])
    expect(sent.stream).toBe(1)
    // The second server's stream, read for a while: it waits for the backoff and sends nothing.
    const stop = new AbortController()
    const { got, sink } = recordingSink()
    const reading = streamOf(second).read(null, sink, stop.signal)
    await Bun.sleep(1500)
    stop.abort()
    await reading
    expect(sent.stream).toBe(1)
    expect(got.failures).toEqual([])
  })
})

describe("Stack Exchange's throttle_violation", () => {
  test("one server's search refused with a throttle_violation holds the other server's stream, unsent", async () => {
    // api.stackexchange.com/docs/error-handling: error_id 502, throttle_violation, its message naming the seconds;
    // docs/throttle: the quota it guards is the key's on the address, which the stream spends too.
    const sent = { search: 0, stream: 0 }
    const api = fake((req) => {
      if (req.url.pathname !== '/2.3/search/advanced') sent.stream++
      else sent.search++
      const error_message = 'too many requests from this IP, more requests available in 600 seconds'
      return Response.json({ error_id: 502, error_name: 'throttle_violation', error_message }, { status: 400 })
    })
    const [first, second] = await twoServers({
      stackoverflow: { base_url: api.origin, stream_url: api.origin, key: 'app-key' },
    })
    const err = await first.connectors
      .get('stackoverflow')!
      .search('crm', 10)
      .catch((e: any) => e)
    expect(err.extra.retryAfterSec).toBe(600)
    const failures = await readOnce(streamOf(second))
    expect(failures[0]).toContain('throttle_violation')
    expect(sent).toEqual({ search: 1, stream: 0 })
  })
})

describe("a wait met by the searches is held for what Stack Exchange counts, not as the platform's retry time", () => {
  /** The platform_health row's retryAt as stored: what holds every server on the database, on any machine. */
  const storedRetryAt = async (server: Awaited<ReturnType<typeof twoServers>>[number]) =>
    (await server.repos.platformHealth.list()).find((h) => h.platform === 'stackoverflow')?.retryAt ?? null

  test("a backoff on one server's searches leaves another server's searches with another key free", async () => {
    // api.stackexchange.com/docs/throttle: the backoff is the application's (its key) for that method.
    const keys: string[] = []
    const api = fake((req) => {
      keys.push(req.url.searchParams.get('key') ?? '')
      return Response.json({ items: [question(keys.length)], has_more: false, backoff: 600, quota_remaining: 9000 })
    })
    const settings = (key: string) => ({ stackoverflow: { base_url: api.origin, stream_url: api.origin, key } })
    const [first, second] = await twoServers(settings('key-a'), settings('key-b'))
    expect(await first.searches.search('stackoverflow', 'crm', 10)).toHaveLength(1)
    const held = await first.searches.search('stackoverflow', 'crm', 10).catch((e: any) => e)
    expect(held.kind).toBe('platform_budget_exhausted')
    expect(await second.searches.search('stackoverflow', 'crm', 10)).toHaveLength(1)
    expect(keys).toEqual(['key-a', 'key-b'])
    expect(await storedRetryAt(first)).toBeNull()
  })

  test('a throttle_violation is held on this machine, not stored as the retry time of every server', async () => {
    const api = fake(() => {
      const error_message = 'too many requests from this IP, more requests available in 600 seconds'
      return Response.json({ error_id: 502, error_name: 'throttle_violation', error_message }, { status: 400 })
    })
    const [first, second] = await twoServers({ stackoverflow: { base_url: api.origin, key: 'app-key' } })
    const refused = await first.searches.search('stackoverflow', 'crm', 10).catch((e: any) => e)
    expect(refused.extra.retryAfterSec).toBe(600)
    expect(await storedRetryAt(first)).toBeNull()
    // Still held on this machine: the other server's search is refused before its budget is charged, unsent.
    const held = await second.searches.search('stackoverflow', 'crm', 10).catch((e: any) => e)
    expect(held.kind).toBe('platform_budget_exhausted')
    expect(await second.repos.platformBudgets.list()).toEqual([
      expect.objectContaining({ platform: 'stackoverflow', used: 1 }),
    ])
    expect(api.received).toHaveLength(1)
  })
})
