import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createScorerHealth } from '../../src/domain/scoring/scorer-health'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'

// docs/scoring.md#checking-the-model-server: `serve` has Ollama load the model at start, once its start-up check finds
// it, so that the first posts do not wait for a cold load. This fake follows Ollama's API documentation: POST
// /api/show answers for the model, GET /api/ps lists the models in memory ("List Running Models"), and /api/chat with
// no messages loads the model and answers done_reason "load" ("Load a model"); a load takes LOAD_MS, and an error is
// {"error": "…"} with its status ("Errors").
const LOAD_MS = 400
const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})

type Chat = { messages: unknown[]; keep_alive?: unknown; stream?: unknown }

function fakeOllama(o: { loaded?: boolean; refuseLoad?: string } = {}) {
  let loaded = o.loaded ?? false
  const chats: Chat[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname
      if (path === '/api/show') return Response.json({ details: { family: 'qwen2' }, capabilities: ['completion'] })
      if (path === '/api/version') return Response.json({ version: '0.12.6' })
      if (path === '/api/ps')
        return Response.json({ models: loaded ? [{ name: 'qwen2.5:3b', model: 'qwen2.5:3b', size_vram: 1 }] : [] })
      const chat = (await req.json()) as Chat
      chats.push(chat)
      if (!loaded) {
        await Bun.sleep(LOAD_MS)
        if (o.refuseLoad) return Response.json({ error: o.refuseLoad }, { status: 500 })
        if (req.signal.aborted) return new Response(null, { status: 499 })
        loaded = true
      }
      const content = chat.messages.length
        ? JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })
        : ''
      return Response.json({
        model: 'qwen2.5:3b',
        message: { role: 'assistant', content },
        done: true,
        done_reason: chat.messages.length ? 'stop' : 'load',
      })
    },
  })
  running.push(server)
  return { origin: server.url.origin, chats, isLoaded: () => loaded }
}

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

function setUp(origin: string) {
  const lines: string[] = []
  const log = createLogger((l) => lines.push(l))
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin } })
  const scorer = buildScorer(config, log)
  const logged = () => lines.map((l) => JSON.parse(l) as { event: string; ms?: number; message?: string })
  return { scorer, health: createScorerHealth({ config, scorer, log }), logged }
}

describe('ollama scorer: the model loaded at start', () => {
  test('the start-up check, once it finds the model, has Ollama load it by a request nothing waits on: loading, then loaded', async () => {
    const ollama = fakeOllama()
    const { scorer, health, logged } = setUp(ollama.origin)
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
    } as Chat)
    expect(ollama.chats.filter((c) => c.messages.length === 0)).toHaveLength(1)
    const loadedLine = logged().find((l) => l.event === 'scorer_model_loaded')
    expect(loadedLine?.ms).toBeGreaterThanOrEqual(LOAD_MS - 50)
  })

  test('a model Ollama has in memory already (GET /api/ps lists it) is not asked for, and no line is written', async () => {
    const ollama = fakeOllama({ loaded: true })
    const { health, logged } = setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(100)
    expect(ollama.chats).toHaveLength(0)
    expect(logged()).toEqual([])
  })

  test("a load Ollama cannot make (too little memory) is logged with Ollama's message", async () => {
    const refusal = 'model requires more system memory (9.0 GiB) than is available (4.2 GiB)'
    const ollama = fakeOllama({ refuseLoad: refusal })
    const { health, logged } = setUp(ollama.origin)
    expect(await health.check()).toBe(true)
    await Bun.sleep(LOAD_MS + 200)
    const failed = logged().find((l) => l.event === 'scorer_model_load_failed')
    expect(failed?.message).toContain(refusal)
  })
})
