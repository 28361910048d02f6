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
})
