import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, longText, type Received } from '../support/fake-upstream'

// docs/scoring.md#the-prompt: a server that is neither vLLM nor the llama.cpp server is asked LM Studio's REST API,
// GET /api/v1/models at its root (LM Studio 0.4.0 and later, "List your models"). OpenAI's API answers that path 404
// (its error object, "Error codes"); an LM Studio before 0.4.0 answers it, as any path it does not serve, with status
// 200 and an error object (its bug tracker, issue 618). Either says nothing of the context, and is not asked again by
// the checks and calls that follow, until a call to the model fails (the server may have been replaced since).
const startFake = fakesPerTest()
afterEach(() => setSystemTime())
const MODEL = 'gpt-4o-mini'
const ANSWER = JSON.stringify({ reason: 'It says "a crm we might buy".', intent: 'ACTIVE', icpMatch: null, score: 8 })

function server(restApi: 'not found' | 'error object') {
  const state = { failing: false }
  const fake = startFake((req: Received) => {
    if (req.url.pathname === '/v1/models')
      return Response.json({ object: 'list', data: [{ id: MODEL, object: 'model', owned_by: 'system' }] })
    if (req.method === 'GET' && restApi === 'not found')
      return Response.json({ error: { message: 'Not found', type: 'invalid_request_error' } }, { status: 404 })
    if (req.method === 'GET')
      return Response.json({ error: `Unexpected endpoint or method. (GET ${req.url.pathname})` })
    if (state.failing) return Response.json({ error: { message: 'The server had an error' } }, { status: 500 })
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })
  const sent = () => fake.received.splice(0).map((r) => `${r.method} ${r.url.pathname}`)
  return { ...fake, state, sent }
}

function scorerFor(origin: string) {
  const config = loadConfig({
    env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: MODEL },
  })
  const scorer = createOpenAiScorer(
    config.scorer.openai,
    createLogger(() => {}),
  )
  const check = async () => expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
  const score = () => scorer.score({ content: longText(20_000), keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))
  return { check, score }
}

describe('a server without LM Studio’s REST API, asked once', () => {
  for (const restApi of ['not found', 'error object'] as const)
    test(`answered with ${restApi}: later checks and a batch a minute on send only their own requests`, async () => {
      const fake = server(restApi)
      const scorer = scorerFor(fake.origin)
      await scorer.check()
      expect(fake.sent()).toEqual(['GET /v1/models', 'GET /api/v1/models'])
      await scorer.check()
      await scorer.check()
      expect(fake.sent()).toEqual(['GET /v1/models', 'GET /v1/models'])
      setSystemTime(new Date(Date.now() + 61_000))
      for (let i = 0; i < 3; i++) await scorer.score()
      expect(fake.sent()).toEqual(Array(3).fill('POST /v1/chat/completions'))
    })

  test('after a call failed, the next check asks it again, once', async () => {
    const fake = server('not found')
    const scorer = scorerFor(fake.origin)
    await scorer.check()
    fake.state.failing = true
    await expect(scorer.score()).rejects.toThrow('HTTP 500')
    fake.state.failing = false
    fake.sent()
    await scorer.check()
    await scorer.check()
    expect(fake.sent()).toEqual(['GET /v1/models', 'GET /api/v1/models', 'GET /v1/models'])
  })
})
