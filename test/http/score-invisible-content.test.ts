// docs/api.md#lead-scoring: a lead's content needs 10 characters a reader sees; zero-width and other format
// characters do not count, over REST and MCP alike, and a refused call is not charged.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

const invisible = [
  '\u200B'.repeat(11),
  // Ten of them with a letter: one visible character.
  `a${'\u200B'.repeat(10)}`,
  // Joiners, a BOM, word joiners and soft hyphens around nine visible letters.
  `\uFEFF\u200Dabcdefghi\u2060\u00AD\u200C\u200B`,
]

async function setup() {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const rest = client(deps)
  const server = listen(deps)
  const mcp = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  const used = async () => (await rest('GET', '/api/v1/usage', { key: apiKey })).body.usage.used as number
  const score = (content: string) => rest('POST', '/api/v1/leads/score', { key: apiKey, body: { content } })
  return { mcp, used, score }
}

describe('lead content made of invisible characters', () => {
  test('POST /api/v1/leads/score refuses it with 400 invalid_request on content, uncharged', async () => {
    const { used, score } = await setup()
    for (const content of invisible) {
      const res = await score(content)
      expect({ content, status: res.status }).toEqual({ content, status: 400 })
      expect(res.body.error.code).toBe('invalid_request')
      expect(res.body.error.details[0].field).toBe('content')
      expect(res.body.error.details[0].message).toContain('10')
    }
    expect(await used()).toBe(0)
    // Ten visible characters among invisible ones still pass, and are charged.
    const ok = await score(`\u200Babcdefghij\u200B`)
    expect(ok.status).toBe(200)
    expect(await used()).toBe(1)
  })

  test('MCP score_lead refuses it as a tool error with the same details, uncharged', async () => {
    const { mcp, used } = await setup()
    for (const content of invisible) {
      const error = toolErrorOf(await callTool(mcp, 'score_lead', { content }))
      expect(error.code).toBe('invalid_request')
      expect(error.details?.[0]?.field).toBe('content')
    }
    expect(await used()).toBe(0)
  })
})
