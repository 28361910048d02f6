// get_usage's readable line for a team whose plan has monthly requests and who has credits beside them: past the
// monthly requests, calls are paid from the credits (docs/api.md#monthly-quota-then-credits), and `used` counts them
// too, so the REST answer holds used 3 of limit 1. The line must say that in words an assistant repeats correctly.
import { afterAll, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { callTool, httpClient, listen } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

test('get_usage past the monthly requests says the calls went on from credits, and one credit is one', async () => {
  const { deps } = await testDeps({ config: { plans: { tiny: { api_access: true, monthly_requests: 1 } } } })
  const { apiKey } = await seedTeam(deps, { plan: 'tiny', credits: 3 })
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  const line = async () => {
    const result = await callTool(mcp, 'get_usage')
    const [first] = result.content
    return { line: first?.type === 'text' ? first.text : '', usage: result.structuredContent }
  }
  const resets = 'resets 2026-12-01T00:00:00.000Z.'
  expect((await line()).line).toBe(`Team acme on the tiny plan: 0 of 1 requests used, 1 left; 3 credits; ${resets}`)
  // The monthly request, then two credits.
  for (let i = 0; i < 3; i++) expect((await callTool(mcp, 'list_signals')).isError).toBeFalsy()
  const after = await line()
  expect(after.usage).toMatchObject({ usage: { used: 3, limit: 1, remaining: 0 }, credits: 1 })
  expect(after.line).toBe(
    "Team acme on the tiny plan: 3 calls this month, past the plan's 1 monthly request, so calls are paid from " +
      `credits; 1 credit left; ${resets}`,
  )
})
