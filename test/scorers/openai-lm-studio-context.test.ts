import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: LM Studio lists its models in GET /v1/models with no context, and its documentation gives
// that list no fields to know it by ("List Models" of its OpenAI-compatible endpoints); its own REST API (LM Studio
// 0.4.0 and later, "List your models") lists each model by `key` with its `loaded_instances`, each with the context it
// was loaded with (`config.context_length`), beside the most the model takes (`max_context_length`). Before 0.4.0 it
// answers that path, as any it does not serve, with status 200 and an error object. It loads a model at the first
// request naming it (just-in-time loading). A token is counted as 4 characters.
const startFake = fakesPerTest()
afterEach(() => setSystemTime())
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const CUT = /\[\.\.\. the post goes on for \d+ more characters\]/
const MODEL = 'qwen/qwen3-8b'

function lmStudio(contextLength: number, loaded: boolean, owner = 'organization_owner', restApi = true) {
  const state = { loaded }
  const server = startFake((req: Received) => {
    if (req.method === 'GET' && req.url.pathname === '/v1/models')
      return Response.json({ object: 'list', data: [{ id: MODEL, object: 'model', owned_by: owner }] })
    if (req.method === 'GET' && req.url.pathname === '/api/v1/models' && restApi) {
      const instances = state.loaded ? [{ id: MODEL, config: { context_length: contextLength, parallel: 4 } }] : []
      const model = { type: 'llm', publisher: 'qwen', key: MODEL, display_name: 'Qwen3 8B', format: 'gguf' }
      return Response.json({ models: [{ ...model, loaded_instances: instances, max_context_length: 40960 }] })
    }
    if (req.method === 'GET')
      return Response.json({ error: `Unexpected endpoint or method. (GET ${req.url.pathname})` })
    state.loaded = true
    const { messages } = JSON.parse(req.body) as { messages: { content: string }[] }
    const tokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4)
    if (tokens > contextLength)
      return Response.json({ error: `the prompt of ${tokens} tokens does not fit the context` }, { status: 400 })
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
  return { ...server, state }
}

async function checkedScorer(origin: string, lines: string[] = []) {
  const config = loadConfig({
    env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: MODEL },
  })
  const scorer = createOpenAiScorer(
    config.scorer.openai,
    createLogger((l) => lines.push(l)),
  )
  expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
  return () => scorer.score({ content: longText(20_000), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
}

const chats = (server: { received: Received[] }) => server.received.filter((r) => r.method === 'POST')
const lastChat = (server: { received: Received[] }) =>
  (JSON.parse((chats(server).at(-1) as Received).body) as { messages: { content: string }[] }).messages[1].content

describe('the context LM Studio loaded the model with', () => {
  test('loaded with 16,384: the post goes whole, the context logged as read from its REST API', async () => {
    const server = lmStudio(16_384, true)
    const lines: string[] = []
    const score = await checkedScorer(server.origin, lines)
    expect((await score()).score).toBe(8)
    expect(chats(server)).toHaveLength(1)
    expect(lastChat(server)).not.toMatch(CUT)
    const learned = lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'scorer_context_learned')
    expect(learned).toEqual([expect.objectContaining({ tokens: 16_384, from: 'GET /api/v1/models' })])
  })

  test('loaded with 2,048: the post is cut to fit it at once, not refused first', async () => {
    const server = lmStudio(2048, true)
    const score = await checkedScorer(server.origin)
    expect((await score()).score).toBe(8)
    expect(chats(server)).toHaveLength(1)
    expect(lastChat(server)).toMatch(CUT)
  })

  test('loaded just in time, after the start-up check: its context read a minute later', async () => {
    const server = lmStudio(16_384, false)
    const score = await checkedScorer(server.origin)
    await score()
    expect(lastChat(server)).toMatch(CUT)
    setSystemTime(new Date(Date.now() + 61_000))
    await score()
    expect(lastChat(server)).not.toMatch(CUT)
  })

  test('known by its REST API, not by the owner its model list names, which its documentation does not give', async () => {
    const server = lmStudio(16_384, true, 'system')
    const score = await checkedScorer(server.origin)
    await score()
    expect(chats(server)).toHaveLength(1)
    expect(lastChat(server)).not.toMatch(CUT)
  })

  test('LM Studio before 0.4.0, without that REST API: the check passes, the post is cut at the 4,096 assumed', async () => {
    const server = lmStudio(16_384, true, 'organization_owner', false)
    const lines: string[] = []
    const score = await checkedScorer(server.origin, lines)
    expect((await score()).score).toBe(8)
    expect(lastChat(server)).toMatch(CUT)
    expect(lines.filter((l) => l.includes('"level":"warn"'))).toEqual([])
  })

  test('a server without it (OpenAI’s API answers 404 there) is asked once, at the start-up check', async () => {
    const server = startFake((req: Received) => {
      if (req.url.pathname === '/v1/models')
        return Response.json({ object: 'list', data: [{ id: MODEL, object: 'model', owned_by: 'system' }] })
      if (req.method === 'GET') return Response.json({ error: { message: 'Not found' } }, { status: 404 })
      const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
      return Response.json({ object: 'chat.completion', choices: [choice] })
    })
    const score = await checkedScorer(server.origin)
    setSystemTime(new Date(Date.now() + 61_000))
    await score()
    expect(lastChat(server)).toMatch(CUT)
    expect(server.received.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /v1/models',
      'GET /api/v1/models',
      'POST /v1/chat/completions',
    ])
  })
})
