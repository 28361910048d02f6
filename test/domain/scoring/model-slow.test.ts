import { expect, test } from 'bun:test'
import { loadingOllamas } from '../../support/fake-loading-ollama'
import { lmStudios } from '../../support/fake-lm-studio'
import { servingScorer } from '../../support/serving-scorer'

// docs/scoring.md#checking-the-model-server: a model that is loaded but answers more slowly than scorer.timeout_ms is
// not loading. The request that would load it is answered at once (Ollama answers its load request of a model in
// memory with done_reason "load" and no wait; an OpenAI-compatible server answers one token): the log says the model is
// slow, once, not `scorer_model_loading` at each timeout. The fakes follow Ollama's API documentation and LM Studio's
// just-in-time loading (test/support).
const SLOW_MS = 1500
const startOllama = loadingOllamas()
const startLmStudio = lmStudios()

async function serving(scorer: Parameters<typeof servingScorer>[0]) {
  const { score, events, clock, recorded } = await servingScorer(scorer)
  await Bun.sleep(100)
  // One timeout cycle: the call runs out of time, then, 15 s on, a check ends the rest and the next call does too.
  const cycle = async () => {
    expect((await score()).scoredBy).toBe('rules')
    await Bun.sleep(700)
    clock.set(new Date(clock.now().getTime() + 15_000))
    await score()
    await Bun.sleep(100)
  }
  return { cycle, events, recorded }
}

test('ollama: a loaded model that answers after the timeout is said to be slow, once, never to be loading', async () => {
  const ollama = startOllama({ loadMs: 50, loaded: true, answerMs: SLOW_MS })
  const { cycle, events, recorded } = await serving({ backend: 'ollama', ollama: { host: ollama.origin } })
  await cycle()
  await cycle()
  expect(events()).not.toContain('scorer_model_loading')
  expect(events()).toEqual(['scorer_failed', 'scorer_model_slow'])
  expect(String(recorded.of('scorer_model_slow')[0]?.fields.message)).toContain('scorer.timeout_ms')
})

test('openai: a loaded model that answers after the timeout is said to be slow, once, never to be loading', async () => {
  const server = startLmStudio(20, SLOW_MS)
  const { cycle, events } = await serving({
    backend: 'openai',
    openai: { base_url: server.baseUrl, model: 'qwen3-8b' },
  })
  await cycle()
  await cycle()
  expect(events()).not.toContain('scorer_model_loading')
  // The check that ends the rest also reads the context LM Studio loaded the model with (docs/scoring.md#the-prompt).
  expect(events().filter((e) => e !== 'scorer_context_learned')).toEqual(['scorer_failed', 'scorer_model_slow'])
})
