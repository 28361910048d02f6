import { expect, test } from 'bun:test'
import { loadingOllamas } from '../../support/fake-loading-ollama'
import { lmStudios } from '../../support/fake-lm-studio'
import { servingScorer } from '../../support/serving-scorer'

// docs/scoring.md#checking-the-model-server: while the model its start asked for loads (a large one can take a
// minute), calls that come wait for it, and those that run out of scorer.timeout_ms are answered by the fallback. That
// is the load's time, which scorer_model_loading and scorer_model_loaded tell, not a failure of the model server: no
// scorer_failed warning (nor scorer_recovered after it). The fakes follow Ollama's API documentation and LM Studio's
// just-in-time loading (test/support).
const LOAD_MS = 800
const startOllama = loadingOllamas()
const startLmStudio = lmStudios()

const serving = servingScorer

test('ollama: a call that runs out of time while the model loads at start falls back with no failure logged', async () => {
  const ollama = startOllama({ loadMs: LOAD_MS })
  const { score, events, clock } = await serving({ backend: 'ollama', ollama: { host: ollama.origin } })
  expect((await score()).scoredBy).toBe('rules')
  await Bun.sleep(LOAD_MS)
  // The model rested after the timeout; 15 s on, a check ends the rest and the model answers.
  clock.set(new Date(clock.now().getTime() + 15_000))
  let answer = await score()
  for (let i = 0; i < 50 && answer.scoredBy !== 'ollama'; i++) answer = await Bun.sleep(20).then(score)
  expect(answer.scoredBy).toBe('ollama')
  expect(events()).toEqual(['scorer_model_loading', 'scorer_model_loaded'])
})

test('openai: the load sent at start without a line is said once a call waits for it, and no failure is logged', async () => {
  const server = startLmStudio(LOAD_MS)
  const { score, events } = await serving({
    backend: 'openai',
    openai: { base_url: server.baseUrl, model: 'qwen3-8b' },
  })
  expect((await score()).scoredBy).toBe('rules')
  expect(events()).toEqual(['scorer_model_loading'])
  await Bun.sleep(LOAD_MS)
  expect(events()).toEqual(['scorer_model_loading', 'scorer_model_loaded'])
  expect(server.seen.loads).toBe(1)
})
