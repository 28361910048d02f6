// score_lead's readable line names the scorer that answered (docs/api.md#mcp-tools): the embedded scorer by its name
// in docs/scoring.md, as the console and the log do; `_meta` keeps the backend's name, `rules`, as x-scorer does.
import { afterAll, describe, expect, test } from 'bun:test'
import type { Config } from '../../src/config/schema'
import { seedTeam, testDeps } from '../support/deps'
import { callTool, httpClient, listen } from '../support/mcp'

const POST = 'Any recommendations for a CRM? We need one this week, budget approved.'
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

async function scoredBy(scorer: Partial<Config['scorer']>) {
  const { deps } = await testDeps({ config: { scorer } })
  const { apiKey } = await seedTeam(deps)
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  const result = await callTool(mcp, 'score_lead', { content: POST })
  const [line] = result.content as { type: 'text'; text: string }[]
  return { line: line?.text ?? '', meta: result._meta?.['lead-signals/scorer'] }
}

describe("score_lead's line on who scored", () => {
  test('the embedded scorer configured: "scored by the embedded scorer", never "rules"', async () => {
    const { line, meta } = await scoredBy({ backend: 'rules' })
    expect(line).toContain('(scored by the embedded scorer);')
    expect(line).not.toContain('rules')
    expect(meta).toBe('rules')
  })

  test('standing in for a model server that refuses the connection: the same name', async () => {
    // Port 1 on 127.0.0.1: nothing listens there, so the connection is refused at once and the fallback answers.
    const openai = { base_url: 'http://127.0.0.1:1/v1', api_key: '', model: 'm' }
    const { line, meta } = await scoredBy({ backend: 'openai', fallback: 'rules', openai } as Partial<Config['scorer']>)
    expect(line).toContain('(scored by the embedded scorer);')
    expect(line).not.toContain('rules')
    expect(meta).toBe('rules')
  })
})
