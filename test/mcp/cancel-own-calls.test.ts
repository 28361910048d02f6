// docs/api.md#a-call-the-client-gave-up-on: over HTTP a `notifications/cancelled` in a later POST stops the call it
// names. It names a call by the client's own id, so only a call made with the same credential may be stopped by it:
// an app a member allowed to read the team's usage only (scope usage:read) could stop the team's other clients'
// searches, which it may not run itself, by sending ids 0, 1, 2… The fake is Algolia's Hacker News Search
// (search_by_date, docs/platforms.md), answering after 3 s unless its request is aborted first.
import { afterAll, describe, expect, test } from 'bun:test'
import { postMcp } from '../support/mcp'
import { bearer, oauthWorld, obtainTokens } from '../support/oauth'
import { slowHackerNews, until } from '../support/slow-hackernews'

const stops: (() => unknown)[] = []
afterAll(() => {
  for (const stop of stops) stop()
})

const search = (id: number) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'search_mentions', arguments: { keyword: 'crm', platform: 'hackernews', limit: 5 } },
  })
const cancel = (requestId: number) =>
  JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'timeout' } })

async function world() {
  const hn = slowHackerNews(3_000)
  const w = await oauthWorld({ config: { platforms: { hackernews: { base_url: hn.origin } } } })
  stops.push(hn.stop, w.stop)
  const mcpUrl = `${w.base}/mcp`
  const used = async () => {
    const res = await fetch(`${w.base}/api/v1/usage`, { headers: { 'x-api-key': w.apiKey } })
    return ((await res.json()) as { usage: { used: number } }).usage.used
  }
  return { hn, w, mcpUrl, used }
}

describe('a cancellation sent in another POST', () => {
  test("from another credential of the team does not stop the key's search: it is answered and charged", async () => {
    const { hn, w, mcpUrl, used } = await world()
    const { access_token } = await obtainTokens(w, { scope: 'usage:read' })
    const call = postMcp(mcpUrl, search(1), { 'x-api-key': w.apiKey })
    await until(() => hn.seen.requests === 1)
    const cancelled = await postMcp(mcpUrl, cancel(1), bearer(access_token))
    expect(cancelled.status).toBe(202)
    const body = (await (await call).json()) as { result: { isError?: boolean } }
    expect(body.result.isError).toBeUndefined()
    expect(hn.seen).toEqual({ requests: 1, aborted: 0 })
    expect(await used()).toBe(1)
  })

  test('from the same credential stops it: the fake sees its request aborted, and nothing is charged', async () => {
    const { hn, w, mcpUrl, used } = await world()
    const call = postMcp(mcpUrl, search(1), { 'x-api-key': w.apiKey })
    await until(() => hn.seen.requests === 1)
    expect((await postMcp(mcpUrl, cancel(1), { 'x-api-key': w.apiKey })).status).toBe(202)
    await until(() => hn.seen.aborted === 1)
    expect(hn.seen).toEqual({ requests: 1, aborted: 1 })
    await call
    expect(await used()).toBe(0)
  })
})
