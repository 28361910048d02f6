import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#the-prompt: `scorer check` reads the context the server gives the model as the start-up check does,
// and a context under the 2,048 tokens the prompt is made for is said in its line, not only in a log line the check
// writes with --verbose alone. The fake is the llama.cpp server started with -c N (its README): GET /props gives N as
// default_generation_settings.n_ctx; its model answers the sample post.
const startFake = fakesPerTest()
const ANSWER = JSON.stringify({ reason: 'It says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 9 })

const llamaServer = (nCtx: number) =>
  startFake((req: Received) => {
    if (req.url.pathname === '/props') return Response.json({ default_generation_settings: { n_ctx: nCtx } })
    if (req.url.pathname === '/v1/models') {
      const meta = { n_ctx_train: 32768, n_vocab: 151936 }
      return Response.json({ object: 'list', data: [{ id: 'qwen', object: 'model', owned_by: 'llamacpp', meta }] })
    }
    const choice = { index: 0, message: { role: 'assistant', content: ANSWER }, finish_reason: 'stop' }
    return Response.json({ object: 'chat.completion', choices: [choice] })
  })

const check = (origin: string) =>
  checkScorer(
    loadConfig({
      env: {
        LEAD_SIGNALS_SCORER_BACKEND: 'openai',
        LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
        LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen',
      },
    }),
    createLogger(() => {}),
  )

describe('scorer check and the context the server gives the model', () => {
  test('-c 1024: the model answers, and the line says the context is under 2,048 tokens', async () => {
    const r = await check(llamaServer(1024).origin)
    expect(r.status).toBe('ok')
    expect(r.detail).toMatch(/^the model answered a sample post \(.*1024 tokens of context.*at least 2,048 tokens/)
  })

  test('-c 8192: the line is as before', async () => {
    const r = await check(llamaServer(8192).origin)
    expect(r.detail).toBe('the model answered a sample post')
  })
})
