import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createScorerHealth } from '../../src/domain/scoring/scorer-health'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'
import { loadingOllamas } from '../support/fake-loading-ollama'

// docs/scoring.md#checking-the-model-server: at start, serve reads Ollama's GET /api/ps ("List Running Models") for
// half a second at most, and has a model not listed loaded ("Load a model": /api/chat with no messages, answered once
// the model is loaded). On a busy host the list may take longer: the load is sent all the same, and the model's state
// is what it is, loading until that load is answered, not "answers again" from the start-up check alone.
const startOllama = loadingOllamas()
const BUSY_PS_MS = 800
const LOAD_MS = 2500

async function setUp(origin: string) {
  const lines: string[] = []
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin } })
  const log = createLogger((l) => lines.push(l))
  const health = createScorerHealth({ config, scorer: await buildScorer(config, log), log })
  return { health, events: () => lines.map((l) => (JSON.parse(l) as { event: string }).event) }
}

describe('the model loaded at start on a host whose /api/ps answers late', () => {
  test('the state is loading while the load runs, and answering once it is answered; the log says both', async () => {
    const ollama = startOllama({ loadMs: LOAD_MS, psMs: BUSY_PS_MS })
    const { health, events } = await setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(1500)
    expect(ollama.isLoaded()).toBe(false)
    expect(health.condition().state).toBe('loading')
    await Bun.sleep(LOAD_MS)
    expect(ollama.isLoaded()).toBe(true)
    expect(health.condition().state).toBe('answering')
    expect(events()).toEqual(['scorer_model_loading', 'scorer_model_loaded'])
  })

  test('a model in memory already: its load is answered at once, no line, and not said to be slow', async () => {
    const ollama = startOllama({ loadMs: LOAD_MS, psMs: BUSY_PS_MS, loaded: true })
    const { health, events } = await setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(1200)
    expect(health.condition().state).toBe('answering')
    expect(events()).toEqual([])
  })
})
