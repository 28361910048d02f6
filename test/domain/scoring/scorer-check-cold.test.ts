import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: a model its server is still loading (a cold start of tens of seconds)
// runs the check out of scorer.timeout_ms. The line said to run the check again 'with a larger scorer.timeout_ms',
// leaving the operator to edit the configuration for one run; it now gives the command that does it for that run.
const startFake = fakesPerTest()

// Ollama loading the model at the first /api/chat: /api/show and /api/version answer at once, the chat does not.
const loading = () =>
  startFake(async (req: Received) => {
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
    if (req.url.pathname === '/api/version') return Response.json({ version: '0.12.6' })
    await Bun.sleep(2000)
    return Response.json({ error: 'still loading' }, { status: 500 })
  })

describe('scorer check of a model still loading', () => {
  test('the timeout line gives the command that runs the check once with more time', async () => {
    const env = { LEAD_SIGNALS_SCORER_OLLAMA_HOST: loading().origin, LEAD_SIGNALS_SCORER_TIMEOUT_MS: '300' }
    const r = await checkScorer(
      loadConfig({ env }),
      createLogger(() => {}),
    )
    expect(r.detail).toContain('no answer within 300 ms (scorer.timeout_ms)')
    expect(r.detail).toContain(
      'run the check again with a larger scorer.timeout_ms: LEAD_SIGNALS_SCORER_TIMEOUT_MS=120000 lead-signals scorer check',
    )
  })
})
