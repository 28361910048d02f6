import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: unless scorer.openai.context_tokens is set, the scorer takes the context from the server
// where the server says it. The fake is vLLM started with --max-model-len N: its GET /v1/models lists each model with
// `max_model_len` (its OpenAI-compatible server's model card), and a prompt over N tokens is refused with HTTP 400
// "This model's maximum context length is N tokens" (a token counted as 4 characters, as English runs).
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const CUT = /\[\.\.\. the post goes on for \d+ more characters\]/

function vllm(maxModelLen: number | undefined) {
  return startFake((req: Received) => {
    if (req.method === 'GET' && req.url.pathname === '/v1/models') {
      const card = { id: 'qwen', object: 'model', created: 1772366400, owned_by: 'vllm', root: 'qwen', parent: null }
      return Response.json({ object: 'list', data: [{ ...card, max_model_len: maxModelLen }] })
    }
    if (req.method === 'GET') return Response.json({ detail: 'Not Found' }, { status: 404 })
    const { messages } = JSON.parse(req.body) as { messages: { content: string }[] }
    const tokens = Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4)
    if (maxModelLen !== undefined && tokens > maxModelLen) {
      const message = `This model's maximum context length is ${maxModelLen} tokens. However, you requested ${tokens} tokens (${tokens} in the messages, 0 in the completion). Please reduce the length of the messages or completion.`
      return Response.json(
        { object: 'error', message, type: 'BadRequestError', param: null, code: 400 },
        { status: 400 },
      )
    }
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
}

/** The start-up check, then one 20,000-character post; the chat requests the server received. */
async function checkThenScore(origin: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen', ...env },
  })
  const scorer = createOpenAiScorer(
    config.scorer.openai,
    createLogger(() => {}),
  )
  expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
  return scorer.score({ content: longText(20_000), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
}

const chats = (server: { received: Received[] }) => server.received.filter((r) => r.method === 'POST')
const userMessage = (r: Received) => (JSON.parse(r.body) as { messages: { content: string }[] }).messages[1].content

describe('the context of an OpenAI-compatible server, learned from it', () => {
  test('vLLM listing max_model_len 16384: the 20,000-character post goes whole, not cut at the default 4,096', async () => {
    const server = vllm(16_384)
    expect((await checkThenScore(server.origin)).score).toBe(8)
    expect(chats(server)).toHaveLength(1)
    expect(userMessage(chats(server)[0])).not.toMatch(CUT)
  })

  test('vLLM listing max_model_len 2048: the post is cut to fit it at once, with no request refused', async () => {
    const server = vllm(2048)
    expect((await checkThenScore(server.origin)).score).toBe(8)
    expect(chats(server)).toHaveLength(1)
    expect(userMessage(chats(server)[0])).toMatch(CUT)
  })

  test('scorer.openai.context_tokens, when set, is the operator’s word over what the server lists', async () => {
    const server = vllm(16_384)
    await checkThenScore(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' })
    expect(userMessage(chats(server)[0])).toMatch(CUT)
  })

  test('a server that lists no context (OpenAI’s API): the post is cut at 4,096 tokens as before', async () => {
    const server = vllm(undefined)
    expect((await checkThenScore(server.origin)).score).toBe(8)
    expect(userMessage(chats(server)[0])).toMatch(CUT)
  })
})
