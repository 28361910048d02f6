import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { silentLogger } from '../support/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: the llama.cpp server in router mode (started without a model, its README "Using multiple
// models") lists each model it can load in GET /v1/models with a `status` object (value "loaded", "unloaded", ...),
// loads one at the first request naming it, and answers a GET endpoint such as /props for the model its `model` query
// parameter names (`autoload=false`: without loading it). The fake gives the model `nCtx` (a preset's -c) and no
// context of its own at a bare /props; a token is counted as 4 characters.
const startFake = fakesPerTest()
afterEach(() => setSystemTime())
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const CUT = /\[\.\.\. the post goes on for \d+ more characters\]/
const MODEL = 'ggml-org/Qwen3-8B-GGUF:Q4_K_M'

function router(nCtx: number, loaded: boolean) {
  const state = { loaded }
  const server = startFake((req: Received) => {
    const { pathname, searchParams } = req.url
    if (req.method === 'GET' && pathname === '/props') {
      const model = searchParams.get('model')
      if (model === null)
        return Response.json({ error: { code: 400, message: 'model name is missing' } }, { status: 400 })
      if (!state.loaded) return Response.json({ error: { code: 400, message: 'model is not loaded' } }, { status: 400 })
      return Response.json({ default_generation_settings: { n_ctx: nCtx }, total_slots: 1, model_alias: model })
    }
    if (req.method === 'GET' && pathname === '/v1/models') {
      const status = (id: string) =>
        id === MODEL && state.loaded
          ? { value: 'loaded', args: ['llama-server', '-c', String(nCtx)] }
          : { value: 'unloaded' }
      const meta = state.loaded ? { meta: { n_ctx_train: 40960, n_vocab: 151936 } } : {}
      const data = [MODEL, 'ggml-org/gemma-3-4b-it-GGUF:Q4_K_M'].map((id) => ({
        id,
        object: 'model',
        status: status(id),
        ...(id === MODEL ? meta : {}),
      }))
      return Response.json({ object: 'list', data })
    }
    if (req.method === 'GET') return new Response('File Not Found', { status: 404 })
    state.loaded = true
    const { messages } = JSON.parse(req.body) as { messages: { content: string }[] }
    const tokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4)
    if (tokens > nCtx) {
      const message = `request (${tokens} tokens) exceeds the available context size (${nCtx} tokens), try increasing it`
      return Response.json({ error: { code: 400, message, type: 'exceed_context_size_error' } }, { status: 400 })
    }
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
  return { ...server, state }
}

async function checkedScorer(origin: string) {
  const config = loadConfig({
    env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: MODEL },
  })
  const scorer = createOpenAiScorer(config.scorer.openai, silentLogger)
  expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
  return () => scorer.score({ content: longText(20_000), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
}

const chats = (server: { received: Received[] }) => server.received.filter((r) => r.method === 'POST')
const lastChat = (server: { received: Received[] }) =>
  (JSON.parse((chats(server).at(-1) as Received).body) as { messages: { content: string }[] }).messages[1].content
const propsAsked = (server: { received: Received[] }) =>
  server.received.filter((r) => r.url.pathname === '/props').map((r) => Object.fromEntries(r.url.searchParams))

describe('the llama.cpp server in router mode', () => {
  test('the model loaded with -c 16384: its context is read from /props?model=, and the post goes whole', async () => {
    const server = router(16_384, true)
    const score = await checkedScorer(server.origin)
    expect(propsAsked(server)).toEqual([{ model: MODEL, autoload: 'false' }])
    expect((await score()).score).toBe(8)
    expect(chats(server)).toHaveLength(1)
    expect(lastChat(server)).not.toMatch(CUT)
  })

  test('the model not loaded at the start-up check: not loaded by it, and its context read a minute later', async () => {
    const server = router(16_384, false)
    const score = await checkedScorer(server.origin)
    expect(propsAsked(server)).toEqual([])
    expect(server.state.loaded).toBe(false)
    await score()
    expect(lastChat(server)).toMatch(CUT)
    setSystemTime(new Date(Date.now() + 61_000))
    expect((await score()).score).toBe(8)
    expect(lastChat(server)).not.toMatch(CUT)
  })
})
