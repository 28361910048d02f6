import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: a model whose replies do not follow the reply's JSON schema fails the
// check saying what was wrong with the reply, and now also what to do about it: 'no usable reply after one retry:
// the reply is not JSON' left the operator to guess whether the model, the server or this service was at fault. The
// line leads with what happened and what to do; what was wrong with the last reply (a validator's words) comes after.
const startFake = fakesPerTest()
const PROSE = 'I would say this is a strong lead.'
let content = PROSE
afterEach(() => {
  content = PROSE
})

// Ollama's /api/show and /api/version, and an /api/chat whose model answers prose ("Generate a chat completion").
const ollama = () =>
  startFake((req: Received) => {
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen3' } })
    if (req.url.pathname === '/api/version') return Response.json({ version: '0.12.6' })
    return Response.json({ model: 'qwen3:4b', message: { role: 'assistant', content }, done: true })
  })

// An OpenAI-compatible server that does not hold the model to response_format: GET /v1/models, and a chat completion.
const openAi = () =>
  startFake((req: Received) => {
    if (req.url.pathname === '/v1/models')
      return Response.json({ object: 'list', data: [{ id: 'local', object: 'model' }] })
    return Response.json({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    })
  })

const check = (env: Record<string, string>) =>
  checkScorer(
    loadConfig({ env }),
    createLogger(() => {}),
  )

describe('scorer check with a model that does not follow the JSON schema', () => {
  test('ollama: says the model was not held to the schema, and to upgrade Ollama or choose another model', async () => {
    const r = await check({
      LEAD_SIGNALS_SCORER_OLLAMA_HOST: ollama().origin,
      LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'qwen3:4b',
    })
    expect(r.status).toBe('failed')
    expect(r.detail).toStartWith(
      "no usable reply after one retry: the model does not answer in the reply's JSON schema",
    )
    expect(r.detail).toContain(
      'upgrade Ollama, or set scorer.ollama.model to another model; its last reply: the reply is not JSON',
    )
  })

  test("a validator's words about the reply come after what to do, never first", async () => {
    content = JSON.stringify({ reason: 'Asks for a CRM.', intent: 'BUYING', icpMatch: null, score: 9 })
    const r = await check({
      LEAD_SIGNALS_SCORER_OLLAMA_HOST: ollama().origin,
      LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'qwen3:4b',
    })
    expect(r.detail).toStartWith(
      "no usable reply after one retry: the model does not answer in the reply's JSON schema",
    )
    expect(r.detail).toMatch(
      /upgrade Ollama, or set scorer\.ollama\.model to another model; its last reply: intent: .*BUYING/,
    )
  })

  test('openai: says the server must support response_format json_schema', async () => {
    const r = await check({
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${openAi().origin}/v1`,
      LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'local',
    })
    expect(r.status).toBe('failed')
    expect(r.detail).toStartWith(
      "no usable reply after one retry: the model does not answer in the reply's JSON schema",
    )
    expect(r.detail).toContain('response_format json_schema')
    expect(r.detail).toEndWith('set scorer.openai.model to another model; its last reply: the reply is not JSON')
  })
})
