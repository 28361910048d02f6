import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOpenAiScorer } from '../../src/scorers/openai'
import { fakesPerTest, type Received } from '../support/fake-upstream'

// docs/scoring.md#thinking-models: a 400 or 422 is the server refusing the request as it was written; the same request
// sent again is refused again. Only a refusal that names the switch asking a model not to think
// (chat_template_kwargs, which OpenAI's API and a server validating its body refuse) is asked again, without it.
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'It says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })

/** A server that refuses every request carrying chat_template_kwargs with `refusal`, and answers the others. */
function server(refusal: { status: number; body: unknown }, refuseAll = true) {
  return startFake((req: Received) => {
    const body = JSON.parse(req.body) as { chat_template_kwargs?: unknown }
    if (refuseAll || body.chat_template_kwargs) return Response.json(refusal.body, { status: refusal.status })
    const message = { role: 'assistant', content: ANSWER }
    return Response.json({ object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }] })
  })
}

const score = (origin: string) =>
  createOpenAiScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1` } }).scorer.openai,
    createLogger(() => {}),
  ).score({ content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }, AbortSignal.timeout(5000))

// Refusals that name something else than the switch: the request as a whole would be refused again.
const others = {
  'vLLM, a prompt over its --max-model-len (400)': {
    status: 400,
    body: {
      object: 'error',
      message: "This model's maximum context length is 2048 tokens. However, you requested 3100 tokens.",
      type: 'BadRequestError',
      code: 400,
    },
  },
  "OpenAI's API, a value it does not take (400)": {
    status: 400,
    body: { error: { message: 'Invalid value for temperature', type: 'invalid_request_error', param: 'temperature' } },
  },
  'a server validating its body, another field (422)': {
    status: 422,
    body: { detail: [{ type: 'missing', loc: ['body', 'messages'], msg: 'Field required' }] },
  },
}

describe('a 400 or 422 from an OpenAI-compatible server', () => {
  for (const [name, refusal] of Object.entries(others)) {
    test(`${name}: one request, not the same one twice`, async () => {
      const fake = server(refusal)
      await expect(score(fake.origin)).rejects.toThrow(`HTTP ${refusal.status}`)
      expect(fake.received).toHaveLength(1)
    })
  }

  test('a 422 naming chat_template_kwargs (an extra field a server forbids) is asked again without it', async () => {
    const extra = {
      status: 422,
      body: {
        detail: [
          { type: 'extra_forbidden', loc: ['body', 'chat_template_kwargs'], msg: 'Extra inputs are not permitted' },
        ],
      },
    }
    const fake = server(extra, false)
    expect((await score(fake.origin)).score).toBe(8)
    expect(fake.received.map((r) => 'chat_template_kwargs' in JSON.parse(r.body))).toEqual([true, false])
  })
})
