// One rule for the case of fixed values, in every tool and on the REST routes (docs/api.md#requests-and-responses):
// an intent is taken in any case and around spaces (`active`, ` Active `), and every other fixed value (a platform, a
// verdict, `include`, `content`) only as the schema lists it. Each tool is found by its published input schema, so a
// tool that takes an intent later is held to the rule too.
import { expect, test } from 'bun:test'
import { crmSignals } from '../support/crm-signals'
import { client as restClient } from '../support/http'
import { callTool, httpClient, rawMcpTeams, toolErrorOf } from '../support/mcp'

const team = rawMcpTeams()

type Property = { enum?: string[] }

test('every tool takes an intent in any case and refuses any other fixed value in another case', async () => {
  const { deps, apiKey, mcpUrl } = await team()
  const owner = await deps.repos.teams.find('acme')
  // One ACTIVE signal (its author a person), as the filters find it.
  await deps.repos.signals.insertMany(owner?.id as string, crmSignals(owner?.id as string, 1))
  const mcp = await httpClient(mcpUrl, apiKey)
  const { tools } = await mcp.listTools()
  const withIntent = tools.filter((tool) => 'intent' in (tool.inputSchema.properties ?? {}))
  expect(withIntent.map((tool) => tool.name).sort()).toEqual(['list_people', 'list_signals'])
  for (const { name } of withIntent) {
    const found = async (intent: string) => {
      const content = (await callTool(mcp, name, { intent })).structuredContent as Record<string, unknown>
      return [intent, content.total]
    }
    for (const intent of ['ACTIVE', 'active', ' Active '])
      expect([name, await found(intent)]).toEqual([name, [intent, 1]])
    expect([name, await found('pain')]).toEqual([name, ['pain', 0]])
  }
  const required = { rate_signal: { id: 'sig_000', verdict: 'relevant' }, search_mentions: { keyword: 'crm' } }
  let others = 0
  for (const tool of tools) {
    const properties = Object.entries(tool.inputSchema.properties ?? {}) as [string, Property][]
    for (const [field, schema] of properties) {
      const value = schema.enum?.[0]
      if (field === 'intent' || value === undefined) continue
      others++
      const args = { ...required[tool.name as keyof typeof required], [field]: value.toUpperCase() }
      const error = toolErrorOf(await callTool(mcp, tool.name, args))
      expect([tool.name, error.code, error.details?.[0]?.field]).toEqual([tool.name, 'invalid_request', field])
    }
  }
  // platform (search_mentions, list_signals, list_people), verdict, both includes and content.
  expect(others).toBe(7)
  const rest = restClient(deps)
  for (const [query, status] of [
    ['intent=active', 200],
    ['intent=%20Active%20', 200],
    ['platform=HACKERNEWS', 400],
    ['include=DISMISSED', 400],
  ] as const)
    for (const path of ['/api/v1/signals', '/api/v1/people'])
      if (!(path.endsWith('people') && query.startsWith('include')))
        expect([path, query, (await rest('GET', `${path}?${query}`, { key: apiKey })).status]).toEqual([
          path,
          query,
          status,
        ])
})
