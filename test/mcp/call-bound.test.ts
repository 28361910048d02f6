// docs/api.md#how-long-a-call-may-take: an MCP client waits 60 s for a call by default (the SDK's
// DEFAULT_REQUEST_TIMEOUT_MSEC), and this server sends nothing before its answer, so a tool call is bounded below that:
// past its bound it stops and answers a tool error saying what to do, uncharged, rather than the client's "Request
// timed out". The bound is 50 s; these tests give the server 1 s and the Hacker News fake 3 s
// (test/support/slow-hackernews.ts).
import { afterAll, describe, expect, test } from 'bun:test'
import { CALL_BOUND_MS } from '../../src/mcp/call-bound'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { callTool, sessionClient, toolErrorOf } from '../support/mcp'
import { slowHackerNews, until } from '../support/slow-hackernews'

const stops: (() => unknown)[] = []
afterAll(() => {
  for (const stop of stops) stop()
})

async function slowWorld(plan?: string) {
  const hn = slowHackerNews(3_000)
  const { deps } = await testDeps({
    config: {
      plans: { one: { monthly_requests: 1, platforms: ['hackernews'] } },
      platforms: { hackernews: { base_url: hn.origin } },
    },
  })
  const { apiKey } = await seedTeam(deps, { plan })
  stops.push(hn.stop)
  const used = async (): Promise<number> =>
    (await client(deps)('GET', '/api/v1/usage', { key: apiKey })).body.usage.used
  return { hn, deps, apiKey, used }
}

const ARGS = { keyword: 'crm', platform: 'hackernews', limit: 5 }

describe('a tool call past its bound', () => {
  test('is under the 60 s an MCP client waits by default', () => {
    expect(CALL_BOUND_MS).toBeLessThan(60_000)
  })

  test('a search still waiting for its platform stops: upstream_timeout saying what to do, the fake aborted, uncharged', async () => {
    const { hn, deps, apiKey, used } = await slowWorld()
    const mcp = await sessionClient(deps, apiKey, 1_000)
    const started = performance.now()
    const error = toolErrorOf(await callTool(mcp, 'search_mentions', ARGS))
    expect(performance.now() - started).toBeLessThan(2_900)
    expect(error).toEqual({
      code: 'upstream_timeout',
      message:
        'search_mentions did not finish within 1 s, about as long as an MCP client waits for a call (60 s by ' +
        'default), so it was stopped and nothing was charged: ask again later, or search another platform',
    })
    await until(() => hn.seen.aborted === 1)
    expect(hn.seen).toEqual({ requests: 1, aborted: 1 })
    await Bun.sleep(2_000)
    expect(await used()).toBe(0)
    await mcp.close()
  })

  test("a call waiting for the team's last unit, held by a call in flight, answers the 429 of held units at the bound", async () => {
    const { deps, apiKey, used } = await slowWorld('one')
    // The holder runs under the full bound; its search takes 3 s and succeeds.
    const holderClient = await sessionClient(deps, apiKey)
    const holder = callTool(holderClient, 'search_mentions', ARGS)
    await Bun.sleep(300)
    const mcp = await sessionClient(deps, apiKey, 1_000)
    const started = performance.now()
    const error = toolErrorOf(await callTool(mcp, 'search_mentions', ARGS))
    expect(performance.now() - started).toBeLessThan(2_900)
    expect(error.code).toBe('quota_exceeded')
    expect(error.message).toContain('held by calls still running (1)')
    expect((await holder).isError).toBeUndefined()
    expect(await used()).toBe(1)
    await Promise.all([mcp.close(), holderClient.close()])
  })
})
