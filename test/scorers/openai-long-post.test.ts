import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { llamaServer } from '../support/fake-llama-server'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: a post too long for the context the server gives the model is cut to fit it, as for
// Ollama's num_ctx, so that the model scores it rather than the server refusing the prompt. The fake is the llama.cpp
// server started with -c N: a prompt over N tokens is refused with HTTP 400 exceed_context_size_error (its README,
// "POST /v1/chat/completions" and its errors); a token is counted as 4 characters, as English runs.
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })

function score(origin: string, env: Record<string, string> = {}) {
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, ...env } })
  const scorer = createOpenAiScorer(
    config.scorer.openai,
    createLogger(() => {}),
  )
  return scorer.score({ content: longText(20_000), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
}

const userMessage = (r: Received) => (JSON.parse(r.body) as { messages: { content: string }[] }).messages[1].content

describe('a 20,000-character post to an OpenAI-compatible server', () => {
  test('a server with the default context (4,096 tokens): the post is cut to fit, the cut said, and the model scores it', async () => {
    const server = llamaServer(startFake, 4096, ANSWER)
    expect((await score(server.origin)).score).toBe(8)
    expect(server.received).toHaveLength(1)
    expect(userMessage(server.received[0])).toMatch(/\[\.\.\. the post goes on for \d+ more characters\]/)
  })

  test('a server with a smaller context (-c 2048), given as scorer.openai.context_tokens, scores it too', async () => {
    const server = llamaServer(startFake, 2048, ANSWER)
    expect((await score(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '2048' })).score).toBe(8)
    expect(server.received).toHaveLength(1)
  })

  test('a context smaller than the setting written says where the context is set, the setting among them', async () => {
    const server = llamaServer(startFake, 2048, ANSWER)
    await expect(score(server.origin, { LEAD_SIGNALS_SCORER_OPENAI_CONTEXT_TOKENS: '4096' })).rejects.toThrow(
      "give the model a larger context on the server (the llama.cpp server's -c, vLLM's --max-model-len), or set scorer.openai.context_tokens to the context it has",
    )
  })
})
