// docs/platforms.md#internet-and-indiehacker: a SearXNG instance's limiter counts the requests of each client address
// (docs.searxng.org, the limiter and its ip_limit), whichever network asks: a refusal holds this machine's searches of
// that instance, internet and indiehacker alike, on every server on the database; not a server calling another
// instance.
import { expect, test } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { twoServers } from '../support/two-servers'

const fake = fakesPerTest()

test("a 429 of an instance's limiter holds both networks' searches of it on this machine, and no other instance's", async () => {
  const limited = fake(() => new Response('Too Many Requests', { status: 429 }))
  const free = fake(() => Response.json({ results: [] }))
  const [first, second] = await twoServers(
    { internet: { base_url: limited.origin }, indiehacker: { base_url: limited.origin } },
    { internet: { base_url: free.origin }, indiehacker: { base_url: limited.origin } },
  )
  const refused = await first.searches.search('internet', 'crm', 10).catch((e: any) => e)
  expect(refused.extra.retryAfterSec).toBe(3600)
  expect(await second.searches.search('internet', 'crm', 10)).toEqual([])
  const held = await second.searches.search('indiehacker', 'crm', 10).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(held.extra.retryAfterSec).toBeGreaterThan(3500)
  expect(limited.received).toHaveLength(1)
  // Source health shows the wait on both networks of the server that met it.
  await first.pauses.fresh(0)
  expect(first.pauses.heldFor('internet')?.why).toBe('rate limited')
  expect(first.pauses.heldFor('indiehacker')?.why).toBe('rate limited')
})

test('a limiter refusing a later page keeps the first page and holds the next search, on another server too', async () => {
  let pages = 0
  const instance = fake(() => {
    if (++pages > 1) return new Response('Too Many Requests', { status: 429, headers: { 'retry-after': '600' } })
    return Response.json({ results: [{ url: 'https://example.com/a', title: 'A crm', content: 'crm talk' }] })
  })
  const settings = { internet: { base_url: instance.origin, max_pages: 3 } }
  const [first, second] = await twoServers(settings)
  expect(await first.searches.search('internet', 'crm', 30)).toHaveLength(1)
  const held = await second.searches.search('internet', 'crm', 30).catch((e: any) => e)
  expect(held.kind).toBe('platform_budget_exhausted')
  expect(held.extra.retryAfterSec).toBeGreaterThan(500)
  expect(instance.received).toHaveLength(2)
})
