// docs/model.md#word-sense: for a team without ICP profiles, the caller's `context` and the keyword stand in for a
// profile, so that a post about something else lands in the off-topic band on every path of the embedded scorer: the
// score route, the MCP tool `score_lead`, the fallback of a model backend that is down, and searches (the keyword
// alone; polling's reader: test/scorers/model/context-sense.test.ts). The stand-in is never answered as the team's
// `icpMatch`. The posts were written for this test.
import { afterAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ConfigInput } from '../../src/config/schema'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { client } from '../support/http'
import { callTool, httpClient, listen } from '../support/mcp'
import { REFUSED_ORIGIN } from '../support/refused'

const CONTEXT = 'We sell a CRM for small agencies'
const OFF_TOPIC = [
  'Any tips on keeping a sourdough starter alive over the holidays? Mine smells like nail polish remover.',
  'Traffic on the ring road was a nightmare again this morning, 90 minutes to go 12 km. Fed up.',
]
const BUYERS = [
  'Budget just got approved for a new CRM for our agency, DMs open if you sell one',
  'Looking to purchase a helpdesk + CRM combo for 30 seats',
]
// With a keyword and without one: the score route and the tool take both.
const KEYWORDS = ['crm', undefined]

// A search brings no context: the keyword alone stands in for what the team sells.
const CONCERT = 'Anyone selling two Taylor Swift tickets for Saturday? Will pay face value.'
const HELPDESK =
  'Our support team drowns in tickets every Monday. Looking for a helpdesk with SLA reports, budget approved.'
const platforms = fakePlatforms()
platforms.add(
  'hackernews',
  'tickets',
  { id: 'h1', author: 'fan', text: CONCERT, at: '2026-11-10T00:00:00.000Z' },
  { id: 'h2', author: 'ops', text: HELPDESK, at: '2026-11-09T00:00:00.000Z' },
)

const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
  platforms.stop()
})

// A port nothing listens on: a model backend there cannot answer, and the embedded scorer falls back.
const closed = REFUSED_ORIGIN

type Answer = { qualified: boolean; score: number; intent: string; icpMatch: string | null; reason: string }

/** A team without profiles, asked through the REST route, and one asked through MCP on a real socket. */
async function world(scorer?: ConfigInput['scorer']) {
  const { deps } = await testDeps(scorer ? { config: { scorer } } : {})
  const { team, apiKey } = await seedTeam(deps)
  expect(await deps.repos.icpProfiles.list(team.id)).toEqual([])
  const call = client(deps)
  const server = listen(deps)
  const mcp: Client = await httpClient(server.mcpUrl, apiKey)
  stops.push(() => mcp.close(), server.stop)
  return {
    rest: async (body: Record<string, unknown>) => {
      const r = await call('POST', '/api/v1/leads/score', { key: apiKey, body })
      expect(r.status).toBe(200)
      return { answer: r.body as Answer, scorer: r.headers.get('x-scorer') }
    },
    tool: async (body: Record<string, unknown>) => {
      const r = await callTool(mcp, 'score_lead', body)
      expect(r.isError).toBeFalsy()
      return r.structuredContent as Answer
    },
  }
}

function expectWordSense(answers: { content: string; answer: Answer }[]) {
  for (const { content, answer } of answers) {
    expect(answer.icpMatch).toBeNull()
    if (OFF_TOPIC.includes(content)) {
      expect({ content, score: answer.score < 3, qualified: answer.qualified }).toEqual({
        content,
        score: true,
        qualified: false,
      })
      expect(answer.reason).toContain('off topic')
    } else
      expect({ content, score: answer.score >= 6, qualified: answer.qualified }).toEqual({
        content,
        score: true,
        qualified: true,
      })
  }
}

describe('context decides word sense for a team without profiles', () => {
  test('POST /api/v1/leads/score and the MCP tool score_lead: off topic below 3, the buyers qualify', async () => {
    const { rest, tool } = await world()
    const answers: { content: string; answer: Answer }[] = []
    for (const keyword of KEYWORDS)
      for (const content of [...OFF_TOPIC, ...BUYERS]) {
        const body = { content, context: CONTEXT, ...(keyword ? { keyword } : {}) }
        const viaRest = await rest(body)
        expect(viaRest.scorer).toBe('rules')
        const viaTool = await tool(body)
        expect(viaTool).toEqual(viaRest.answer)
        answers.push({ content, answer: viaRest.answer })
      }
    expectWordSense(answers)
  })

  test('the fallback of a model backend that is down answers the same', async () => {
    const { rest } = await world({ backend: 'ollama', timeout_ms: 150, fallback: 'rules', ollama: { host: closed } })
    const answers: { content: string; answer: Answer }[] = []
    for (const content of [...OFF_TOPIC, ...BUYERS]) {
      const r = await rest({ content, context: CONTEXT, keyword: 'crm' })
      expect(r.scorer).toBe('rules')
      answers.push({ content, answer: r.answer })
    }
    expectWordSense(answers)
  })

  test('a scored search of a team without profiles: the keyword alone, and only a sure verdict counts', async () => {
    const { deps } = await testDeps({
      config: { api: { search_variant: 'scored' }, platforms: platforms.platformsConfig },
    })
    const { apiKey } = await seedTeam(deps)
    const r = await client(deps)('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'tickets', platform: 'hackernews' },
    })
    expect(r.status).toBe(200)
    const scores = Object.fromEntries(
      (r.body.results as { contentPreview: string; aiScore: number }[]).map((x) => [x.contentPreview, x.aiScore]),
    )
    expect(scores[CONCERT]).toBeLessThan(3)
    expect(scores[HELPDESK]).toBeGreaterThanOrEqual(6)
  })
})
