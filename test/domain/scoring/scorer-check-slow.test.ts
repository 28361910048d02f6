import { expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { loadingOllamas } from '../../support/fake-loading-ollama'

// docs/scoring.md#checking-the-model-server: `scorer check` that runs out of scorer.timeout_ms said a load could be the
// cause, also of a model Ollama has in memory, which is no load: it is slow. Ollama's GET /api/ps ("List Running
// Models") tells the two apart; the fake follows its API documentation (support/fake-loading-ollama.ts).
const startOllama = loadingOllamas()
const check = (host: string) =>
  checkScorer(
    loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host, LEAD_SIGNALS_SCORER_TIMEOUT_MS: '300' } }),
    createLogger(() => {}),
  )

test('a model in memory that answers after the timeout is said to be slow, with what to change', async () => {
  const r = await check(startOllama({ loadMs: 50, loaded: true, answerMs: 1500 }).origin)
  expect(r.detail).toContain('no answer within 300 ms (scorer.timeout_ms)')
  expect(r.detail).toContain('the model is in memory (Ollama lists it in /api/ps)')
  expect(r.detail).toContain('raise scorer.timeout_ms')
  expect(r.detail).not.toContain('loads for this call')
})

test('a model not in memory is said to load for this call, with the command that gives the check more time', async () => {
  const r = await check(startOllama({ loadMs: 1500 }).origin)
  expect(r.detail).toContain('the model was not in memory (Ollama does not list it in /api/ps)')
  expect(r.detail).toContain('LEAD_SIGNALS_SCORER_TIMEOUT_MS=120000 lead-signals scorer check')
})
