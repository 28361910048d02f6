import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createScorerHealth } from '../../src/domain/scoring/scorer-health'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'
import { loadingOllamas, type OllamaChat } from '../support/fake-loading-ollama'

// docs/scoring.md#checking-the-model-server: `serve` has Ollama load the model at start, once its start-up check finds
// it, so that the first posts do not wait for a cold load. The fake follows Ollama's API documentation
// (support/fake-loading-ollama.ts); a load takes LOAD_MS.
const LOAD_MS = 400
const startOllama = loadingOllamas()
const fakeOllama = (o: { loaded?: boolean; refuseLoad?: string; dropLoad?: boolean } = {}) =>
  startOllama({ loadMs: LOAD_MS, ...o })

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

async function setUp(origin: string) {
  const lines: string[] = []
  const log = createLogger((l) => lines.push(l))
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin } })
  const scorer = await buildScorer(config, log)
  const logged = () => lines.map((l) => JSON.parse(l) as { event: string; ms?: number; message?: string })
  return { scorer, health: createScorerHealth({ config, scorer, log }), logged }
}

describe('ollama scorer: the model loaded at start', () => {
  test('the start-up check, once it finds the model, has Ollama load it by a request nothing waits on: loading, then loaded', async () => {
    const ollama = fakeOllama()
    const { scorer, health, logged } = await setUp(ollama.origin)
    const started = performance.now()
    expect(await health.check()).toBe(true)
    expect(performance.now() - started).toBeLessThan(LOAD_MS / 2)
    // A call that comes during the load waits for it, as Ollama queues it, and does not start another.
    const call = scorer.score(input, AbortSignal.timeout(LOAD_MS * 4))
    await Bun.sleep(50)
    expect(logged().map((l) => l.event)).toEqual(['scorer_model_loading'])
    expect((await call).score).toBe(8)
    await Bun.sleep(50)
    expect(ollama.chats.find((c) => c.messages.length === 0)).toEqual({
      model: 'qwen2.5:3b',
      messages: [],
      keep_alive: '10m',
      stream: false,
    } as OllamaChat)
    expect(ollama.chats.filter((c) => c.messages.length === 0)).toHaveLength(1)
    const loadedLine = logged().find((l) => l.event === 'scorer_model_loaded')
    expect(loadedLine?.ms).toBeGreaterThanOrEqual(LOAD_MS - 50)
  })

  test('a model Ollama has in memory already (GET /api/ps lists it) is not asked for, and no line is written', async () => {
    const ollama = fakeOllama({ loaded: true })
    const { health, logged } = await setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(100)
    expect(ollama.chats).toHaveLength(0)
    expect(logged()).toEqual([])
  })

  test("a load Ollama cannot make (too little memory) is logged with Ollama's message", async () => {
    const refusal = 'model requires more system memory (9.0 GiB) than is available (4.2 GiB)'
    const ollama = fakeOllama({ refuseLoad: refusal })
    const { health, logged } = await setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(LOAD_MS + 200)
    const failed = logged().find((l) => l.event === 'scorer_model_load_failed')
    expect(failed?.message).toContain(refusal)
  })

  test('a load whose connection the server closes partway (Ollama restarted meanwhile) ends with a line saying so', async () => {
    const ollama = fakeOllama({ dropLoad: true })
    const { scorer, health, logged } = await setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(LOAD_MS + 200)
    expect(logged().map((l) => l.event)).toEqual(['scorer_model_loading', 'scorer_model_load_failed'])
    const failed = logged().find((l) => l.event === 'scorer_model_load_failed')
    expect(failed?.message).toBe(
      "the connection to ollama's server closed before the load ended (connection reset): the model server's log says why",
    )
    expect(scorer.loadState?.()).toBeUndefined()
  })
})
