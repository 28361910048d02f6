// docs/platforms.md#rate-limits: Forem counts each client address's reads of its API (GET /api/…, 3 a second) and
// of its search route (/search/…, 5 a second) apart (its Rack::Attack throttles, each answering 429 with Retry-After).
// DEV's stream reads /api/articles/latest and a search fails only on /search/feed_content, so neither path's 429
// holds the other: the stream waits the seconds its own 429 named, where it came, and a search's 429 holds the searches
// on this machine (address-counted-limits.test.ts). The wait is read on the real clock.
import { expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { recordingSink } from '../support/stream-world'
import { serverStream, twoServers } from '../support/two-servers'

const fake = fakesPerTest()
const tooMany = (sec: number) => new Response('Retry later\n', { status: 429, headers: { 'retry-after': String(sec) } })

/** Forem answering the stream's reads and the searches with `latest` and `search`, each read's time kept. */
async function forem(latest: (n: number) => Response, search: () => Response) {
  const reads: number[] = []
  const sent = { searches: 0 }
  const host = fake((req) => {
    if (req.url.pathname === '/api/articles/latest') {
      reads.push(Date.now())
      return latest(reads.length)
    }
    sent.searches++
    return search()
  })
  const [server] = await twoServers({ devto: { base_url: host.origin, stream_url: host.origin } })
  return { reads, sent, server }
}

test("dev.to's stream: a 429 waits its Retry-After before the next read; this machine's searches go on meanwhile", async () => {
  const { reads, sent, server } = await forem(
    (n) => (n === 1 ? tooMany(2) : Response.json([])),
    () => Response.json({ result: [] }),
  )
  const stop = new AbortController()
  const { got, sink } = recordingSink()
  const reading = serverStream(server, 'devto').read(null, { ...sink, heard: () => stop.abort() }, stop.signal)
  while (got.failures.length === 0) await Bun.sleep(20)
  expect(await server.searches.search('devto', 'crm', 10)).toEqual([])
  expect(sent.searches).toBe(1)
  await reading
  expect(reads).toHaveLength(2)
  expect(reads[1] - reads[0]).toBeGreaterThanOrEqual(2000)
})

test("dev.to: a search's 429 holds this machine's searches, not the stream's reads", async () => {
  const { reads, server } = await forem(
    () => Response.json([]),
    () => tooMany(600),
  )
  const refused = await server.searches.search('devto', 'crm', 10).catch((e: any) => e)
  expect(refused.extra.retryAfterSec).toBe(600)
  const stop = new AbortController()
  const { got, sink } = recordingSink()
  await serverStream(server, 'devto').read(null, { ...sink, heard: () => stop.abort() }, stop.signal)
  expect(got.failures).toEqual([])
  expect(reads).toHaveLength(1)
})
