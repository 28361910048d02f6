// list_platforms tells an assistant which platforms to give search_mentions (its description, the server's
// instructions on platform_not_in_plan). In the scored variant search_mentions takes only the platforms of that
// variant (docs/api.md#mention-search), so the platforms named must be those it takes. Hacker News answers from a
// local fake of Algolia HN Search (test/support/fake-platforms.ts).
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'

const platforms = fakePlatforms()
const post = { id: 'h1', author: 'pg', text: 'Which CRM do you use?', at: '2026-11-10T00:00:00Z' }
platforms.add('hackernews', 'crm', post)
// The servers and clients first, then the fake platforms they searched.
const stops: (() => unknown)[] = []
afterAll(() => Promise.all(stops.map((stop) => stop())).then(platforms.stop))

async function connected(variant: 'raw' | 'scored') {
  const { deps } = await testDeps({
    config: { platforms: platforms.platformsConfig, api: { search_variant: variant } },
  })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(server.stop, () => mcp.close())
  return mcp
}

const lineOf = async (mcp: Awaited<ReturnType<typeof connected>>) => {
  const [first] = (await callTool(mcp, 'list_platforms')).content
  return first?.type === 'text' ? first.text : ''
}

describe("list_platforms' readable line names the platforms search_mentions takes", () => {
  test('in the scored variant, only its platforms, and search_mentions searches each one named', async () => {
    const mcp = await connected('scored')
    const line = await lineOf(mcp)
    expect(line).toBe('Searchable for you here: reddit, hackernews.')
    for (const platform of line.replace(/^.*: |\.$/g, '').split(', ')) {
      const result = await callTool(mcp, 'search_mentions', { keyword: 'crm', platform })
      expect(result.isError ? toolErrorOf(result) : 'searched').toBe('searched')
    }
    const { tools } = await mcp.listTools()
    expect(tools.find((t) => t.name === 'list_platforms')?.description).toContain(
      'search_mentions searches only twitter, reddit, linkedin, youtube, hackernews and quora on this server',
    )
  })

  test('in the raw variant, every platform on the plan and configured', async () => {
    const mcp = await connected('raw')
    expect(await lineOf(mcp)).toBe('Searchable for you here: reddit, hackernews, stackoverflow, github, devto.')
    const { tools } = await mcp.listTools()
    expect(tools.find((t) => t.name === 'list_platforms')?.description).not.toContain('searches only')
  })

  test('a platform that refuses searches for a while is named with until when, not as searchable now', async () => {
    // Reddit's rate limit (docs/platforms.md#rate-limits): 429 with the seconds left in X-Ratelimit-Reset, and none
    // remaining, which the line repeats.
    const limited = { 'x-ratelimit-used': '600', 'x-ratelimit-remaining': '0.0', 'x-ratelimit-reset': '3600' }
    platforms.fail('reddit', () =>
      Response.json({ message: 'Too Many Requests', error: 429 }, { status: 429, headers: limited }),
    )
    try {
      const mcp = await connected('raw')
      const search = () => callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'reddit' })
      expect(toolErrorOf(await search()).retryAfterSeconds).toBe(3600)
      const result = await callTool(mcp, 'list_platforms')
      const { retryAt } = (
        result.structuredContent as { platforms: { platform: string; retryAt: string }[] }
      ).platforms.find((p) => p.platform === 'reddit') as { retryAt: string }
      const [first] = result.content
      expect(first?.type === 'text' && first.text).toBe(
        `Searchable for you here: hackernews, stackoverflow, github, devto. Waiting: reddit until ${retryAt} (no requests remaining).`,
      )
      // As the line says: the next search is refused before anything is sent.
      expect(toolErrorOf(await search()).code).toBe('platform_budget_exhausted')
    } finally {
      platforms.fail('reddit')
    }
  })
})
