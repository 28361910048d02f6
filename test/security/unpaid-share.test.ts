// docs/platforms.md#budgets (a team's unpaid share): a platform's request budget is shared by every team, and only a
// call that succeeds is charged to a team's quota. A team that starts searches and gives up on them (an MCP client
// closing its call, docs/api.md#a-call-the-client-gave-up-on) spent requests on the platform that nobody paid for;
// those may reach a tenth of the budget per window, then its searches of that platform are refused unsent, and the
// other teams still have the rest. The fake is Algolia's Hacker News Search (search_by_date, docs/platforms.md),
// slowed down so that a call can be given up on while its request is out; it counts what reaches it.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { listen, postMcp } from '../support/mcp'
import { slowHackerNews, until } from '../support/slow-hackernews'

const stops: (() => unknown)[] = []
afterAll(() => {
  for (const stop of stops) stop()
})

// Searched, not streamed, so that the budget is the configured 10 requests an hour, and a team's share is 1.
const BUDGET = 10

async function twoTeams() {
  const hn = slowHackerNews(3_000)
  const { deps } = await testDeps({
    config: {
      platforms: {
        hackernews: { base_url: hn.origin, mode: 'search', budget_requests: BUDGET, budget_window_seconds: 3600 },
      },
    },
  })
  const mallory = await seedTeam(deps, { name: 'mallory' })
  const honest = await seedTeam(deps, { name: 'honest' })
  const server = listen(deps)
  stops.push(hn.stop, server.stop)
  return { hn, deps, server, mallory: mallory.apiKey, honest: honest.apiKey }
}

const call = (id: number, keyword: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search_mentions', arguments: { keyword, platform: 'hackernews', limit: 5 } },
  })

/** A call over HTTP that `signal` closes: its tool answer, or 'closed'. */
const closable = (mcpUrl: URL, apiKey: string, body: string, signal: AbortSignal) =>
  fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
    body,
    signal,
  }).then(
    (res) => res.json() as Promise<{ result: { content: { text: string }[] } }>,
    () => 'closed' as const,
  )

/** search_mentions over HTTP; the tool's answer (structured content or its error). */
async function search(mcpUrl: URL, apiKey: string, keyword: string) {
  const res = await postMcp(mcpUrl, call(1, keyword), { 'x-api-key': apiKey })
  const body = (await res.json()) as { result: { isError?: boolean; content: { text: string }[] } }
  return body.result.isError ? JSON.parse(body.result.content[0].text).error : { ok: true }
}

describe("a team's searches given up on while their platform requests were out", () => {
  test('reach its share of the budget, then are refused unsent; another team still searches', async () => {
    const { hn, deps, server, mallory, honest } = await twoTeams()
    // Mallory starts a search with another keyword each time (no sharing) and closes the call once it is sent, as
    // often as the whole budget would allow.
    let refused = 0
    for (let i = 0; i < BUDGET; i++) {
      const before = hn.seen.requests
      const stop = new AbortController()
      const post = closable(server.mcpUrl, mallory, call(i + 1, `crm${i}`), stop.signal)
      // Sent: close it. Refused unsent: the answer comes at once and nothing reaches the fake.
      const sent = await Promise.race([until(() => hn.seen.requests > before, 2_000).then(() => true), post])
      if (sent === true && hn.seen.requests > before) {
        stop.abort()
        await post
        continue
      }
      const answer = await post
      if (answer === 'closed') throw new Error('a call closed before it was sent')
      const error = JSON.parse(answer.result.content[0].text).error
      expect(error.code).toBe('platform_budget_exhausted')
      expect(error.message).toContain("this team's searches of hackernews that were not paid for")
      expect(error.retryAfterSeconds).toBeGreaterThan(0)
      refused++
    }
    await until(() => hn.seen.aborted === hn.seen.requests)
    // One request (a tenth of 10) went out unpaid; the other nine calls were refused before anything was sent.
    expect(hn.seen.requests).toBe(1)
    expect(refused).toBe(BUDGET - 1)
    // Nobody was charged: no call succeeded.
    const rest = client(deps)
    expect((await rest('GET', '/api/v1/usage', { key: mallory })).body.usage.used).toBe(0)
    // The honest team searches as before, and pays for it.
    expect(await search(server.mcpUrl, honest, 'invoicing')).toEqual({ ok: true })
    expect(hn.seen.requests).toBe(2)
  })
  test('sent at once, they cannot all pass before any is given up on: those past the share are refused while it runs', async () => {
    const { hn, server, mallory, honest } = await twoTeams()
    const stop = new AbortController()
    const posts = Array.from({ length: BUDGET }, (_, i) =>
      closable(server.mcpUrl, mallory, call(i + 1, `erp${i}`), stop.signal),
    )
    // The refused answers come at once; the one sent waits on the slow fake until it is given up on.
    const refusals: { code: string; message: string; retryAfterSeconds: number }[] = []
    for (const p of posts) p.then((a) => a !== 'closed' && refusals.push(JSON.parse(a.result.content[0].text).error))
    await until(() => refusals.length >= BUDGET - 1 && hn.seen.requests >= 1, 10_000)
    stop.abort()
    await Promise.all(posts)
    await until(() => hn.seen.aborted === hn.seen.requests)
    expect(hn.seen.requests).toBe(1)
    expect(refusals).toHaveLength(BUDGET - 1)
    for (const e of refusals) {
      expect(e.code).toBe('platform_budget_exhausted')
      expect(e.message).toContain('still running')
      expect(e.retryAfterSeconds).toBeGreaterThan(0)
    }
    expect(await search(server.mcpUrl, honest, 'invoicing')).toEqual({ ok: true })
  })
})
