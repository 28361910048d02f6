// docs/api.md#mcp-over-http (a call the client gave up on): the MCP SDK's client stops waiting for a request after its
// timeout (60 s by default) and sends `notifications/cancelled` for the request's id in a POST of its own; a client
// that stops (or a proxy giving up) closes the request's connection. Either way the answer can never be read, so the
// call is not charged and its search stops. The fake is Algolia's Hacker News Search (search_by_date,
// docs/platforms.md), slowed down: it answers after 3 s unless the request is aborted first.
import { afterAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { httpClient, listen, postMcp, sessionClient } from '../support/mcp'
import { slowHackerNews, until } from '../support/slow-hackernews'

const stops: (() => unknown)[] = []
afterAll(() => {
  for (const stop of stops) stop()
})

async function slowWorld() {
  const hn = slowHackerNews(3_000)
  const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: hn.origin } } } })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  stops.push(hn.stop, server.stop)
  const rest = client(deps)
  const used = async (): Promise<number> => (await rest('GET', '/api/v1/usage', { key: apiKey })).body.usage.used
  return { hn, deps, apiKey, server, used }
}

const ARGS = { keyword: 'crm', platform: 'hackernews', limit: 5 }

/**
 * The SDK client's call with a 1.5 s timeout times out; the fake then sees its request aborted, and nothing is charged.
 */
async function expectTimedOutUncharged(mcp: Client, world: Awaited<ReturnType<typeof slowWorld>>) {
  const call = mcp.callTool({ name: 'search_mentions', arguments: ARGS }, undefined, { timeout: 1_500 })
  expect(call).rejects.toThrow('Request timed out')
  await call.catch(() => undefined)
  await until(() => world.hn.seen.aborted === 1)
  expect(world.hn.seen).toEqual({ requests: 1, aborted: 1 })
  // Past the fake's 3 s: a call that went on would have been answered and charged by now.
  await Bun.sleep(2_000)
  expect(await world.used()).toBe(0)
  await mcp.close()
}

describe('a search_mentions call its client gave up on', () => {
  test('the SDK client timing out cancels it: the fake sees its request aborted, and nothing is charged', async () => {
    const world = await slowWorld()
    await expectTimedOutUncharged(await httpClient(world.server.mcpUrl, world.apiKey), world)
  })

  test('its HTTP request closed stops it: the fake sees its request aborted, and nothing is charged', async () => {
    const { hn, apiKey, server, used } = await slowWorld()
    const stop = new AbortController()
    const message = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search_mentions', arguments: ARGS },
    }
    const post = fetch(server.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify(message),
      signal: stop.signal,
    }).catch(() => 'closed')
    await until(() => hn.seen.requests === 1)
    stop.abort()
    expect(await post).toBe('closed')
    await until(() => hn.seen.aborted === 1)
    expect(hn.seen).toEqual({ requests: 1, aborted: 1 })
    await Bun.sleep(2_000)
    expect(await used()).toBe(0)
  })

  test('in one session (stdio), the SDK client timing out cancels it there: aborted, and nothing is charged', async () => {
    const world = await slowWorld()
    const mcp = await sessionClient(world.deps, world.apiKey)
    await expectTimedOutUncharged(mcp, world)
  })

  test('a call that is not cancelled is answered and charged, as before', async () => {
    const { hn, apiKey, server, used } = await slowWorld()
    const res = await postMcp(
      server.mcpUrl,
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'search_mentions', arguments: ARGS },
      }),
      { 'x-api-key': apiKey },
    )
    const body = (await res.json()) as { result: { isError?: boolean } }
    expect(body.result.isError).toBeUndefined()
    expect(hn.seen).toEqual({ requests: 1, aborted: 0 })
    expect(await used()).toBe(1)
  })
})
