import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: a context the server stated is asked again before a post it would cut, once a minute
// has gone by since it was read or a call failed since. The fake is the llama.cpp server (its README): GET /props
// gives the context each request may fill (default_generation_settings.n_ctx, the -c it was started with), and while
// it restarts it answers 503 "Loading model" (unavailable_error). `restart(nCtx)` is the operator starting it again
// with another -c. A token is counted as 4 characters, as English runs.
const startFake = fakesPerTest()
afterEach(() => setSystemTime())
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const CUT = /\[\.\.\. the post goes on for \d+ more characters\]/

function llamaServer(started: number, listsContext = true) {
  const state = { nCtx: started, loading: false }
  const server = startFake((req: Received) => {
    if (req.method === 'GET' && req.url.pathname === '/props' && listsContext)
      return Response.json({ default_generation_settings: { n_ctx: state.nCtx }, total_slots: 1 })
    if (req.method === 'GET' && req.url.pathname === '/v1/models') {
      const meta = { n_ctx_train: 32768, n_vocab: 151936 }
      const entry = { id: 'qwen', object: 'model', owned_by: listsContext ? 'llamacpp' : 'openai' }
      return Response.json({ object: 'list', data: [listsContext ? { ...entry, meta } : entry] })
    }
    if (req.method === 'GET') return new Response('File Not Found', { status: 404 })
    if (state.loading) {
      const error = { code: 503, message: 'Loading model', type: 'unavailable_error' }
      return Response.json({ error }, { status: 503 })
    }
    const { messages } = JSON.parse(req.body) as { messages: { content: string }[] }
    const tokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4)
    if (tokens > state.nCtx) {
      const message = `request (${tokens} tokens) exceeds the available context size (${state.nCtx} tokens), try increasing it`
      const error = {
        code: 400,
        message,
        type: 'exceed_context_size_error',
        n_prompt_tokens: tokens,
        n_ctx: state.nCtx,
      }
      return Response.json({ error }, { status: 400 })
    }
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
  return { ...server, state }
}

async function checkedScorer(origin: string, env: Record<string, string> = {}) {
  const lines: string[] = []
  const config = loadConfig({
    env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen', ...env },
  })
  const scorer = createOpenAiScorer(
    config.scorer.openai,
    createLogger((l) => lines.push(l)),
  )
  expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
  const learned = () => lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'scorer_context_learned')
  const score = () => scorer.score({ content: longText(20_000), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
  return { score, learned }
}

const lastChat = (server: { received: Received[] }) => {
  const chat = server.received.filter((r) => r.method === 'POST').at(-1) as Received
  return (JSON.parse(chat.body) as { messages: { content: string }[] }).messages[1].content
}
const gets = (server: { received: Received[] }) => server.received.filter((r) => r.method === 'GET').length
const chats = (server: { received: Received[] }) => server.received.filter((r) => r.method === 'POST').length

describe('the context the server stated, asked again', () => {
  test('restarted with -c 16384 after -c 2048: the first post after a failed call goes whole', async () => {
    const server = llamaServer(2048)
    const scorer = await checkedScorer(server.origin)
    expect((await scorer.score()).score).toBe(8)
    expect(lastChat(server)).toMatch(CUT)
    server.state.loading = true
    server.state.nCtx = 16_384
    await expect(scorer.score()).rejects.toThrow('HTTP 503')
    server.state.loading = false
    expect((await scorer.score()).score).toBe(8)
    expect(lastChat(server)).not.toMatch(CUT)
    expect(scorer.learned().map((l) => l.tokens)).toEqual([2048, 16_384])
  })

  test('restarted between two posts, with no call failed: a minute on, the next long post goes whole', async () => {
    const server = llamaServer(2048)
    const scorer = await checkedScorer(server.origin)
    server.state.nCtx = 16_384
    expect((await scorer.score()).score).toBe(8)
    // Within the minute the context read at the start-up check stands: no request beyond the chat.
    expect(lastChat(server)).toMatch(CUT)
    const asked = gets(server)
    setSystemTime(new Date(Date.now() + 61_000))
    expect((await scorer.score()).score).toBe(8)
    expect(lastChat(server)).not.toMatch(CUT)
    expect(gets(server)).toBe(asked + 2)
    // And once more only after another minute.
    await scorer.score()
    expect(gets(server)).toBe(asked + 2)
  })

  test('a post the server refused with HTTP 400 is no failure that has it asked again: it answered as it runs', async () => {
    const server = llamaServer(512)
    const scorer = await checkedScorer(server.origin)
    const asked = gets(server)
    await expect(scorer.score()).rejects.toThrow('HTTP 400')
    await expect(scorer.score()).rejects.toThrow('HTTP 400')
    expect(gets(server)).toBe(asked)
  })

  test('a server that states no context (OpenAI’s API) is not asked again', async () => {
    const server = llamaServer(2048, false)
    const scorer = await checkedScorer(server.origin)
    const asked = gets(server)
    setSystemTime(new Date(Date.now() + 61_000))
    await scorer.score()
    expect(gets(server)).toBe(asked)
  })

  test('a context learned only from a refusal is tried again a minute after a failed call: restarted with -c 16384', async () => {
    const server = llamaServer(2048, false)
    const scorer = await checkedScorer(server.origin)
    expect((await scorer.score()).score).toBe(8)
    const cutFor2048 = lastChat(server).length
    server.state.loading = true
    server.state.nCtx = 16_384
    await expect(scorer.score()).rejects.toThrow('HTTP 503')
    server.state.loading = false
    // Within the minute the refusal's context stands.
    await scorer.score()
    expect(lastChat(server).length).toBe(cutFor2048)
    setSystemTime(new Date(Date.now() + 61_000))
    const sent = chats(server)
    expect((await scorer.score()).score).toBe(8)
    // Cut for the 4,096 assumed of a server that says nothing, in one request: the server gives more now.
    expect(chats(server)).toBe(sent + 1)
    expect(lastChat(server).length).toBeGreaterThan(cutFor2048)
    expect(lastChat(server)).toMatch(CUT)
  })

  test('a context learned from a refusal, with no call failed since, stands after a minute: no request refused again', async () => {
    const server = llamaServer(2048, false)
    const scorer = await checkedScorer(server.origin)
    await scorer.score()
    const cutFor2048 = lastChat(server).length
    setSystemTime(new Date(Date.now() + 61_000))
    const sent = chats(server)
    await scorer.score()
    expect(chats(server)).toBe(sent + 1)
    expect(lastChat(server).length).toBe(cutFor2048)
  })

  test('scorer.openai.context_tokens set: the server is not asked, before or after', async () => {
    const server = llamaServer(16_384)
    const scorer = await checkedScorer(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' })
    const asked = gets(server)
    setSystemTime(new Date(Date.now() + 61_000))
    await scorer.score()
    expect(gets(server)).toBe(asked)
    expect(lastChat(server)).toMatch(CUT)
  })
})
