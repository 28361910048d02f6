import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'

// A fake Ollama that loads its model at the first /api/chat that needs it, taking LOAD_MS. As Ollama's server does
// ("client connection closed before server finished loading, aborting load" in its log), a load whose request is
// abandoned is abandoned too; /api/chat with no messages loads the model and answers done_reason "load" (Ollama's
// API documentation, "Load a model"); GET /api/ps lists the model once it is loaded.
const LOAD_MS = 400
const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})

function fakeOllama() {
  let loaded = false
  const requests: { messages: number; keepAlive: unknown }[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      // The models in memory ("List Running Models"): the load after a timeout is said at once for one not listed.
      if (new URL(req.url).pathname === '/api/ps')
        return Response.json({ models: loaded ? [{ name: 'qwen2.5:3b', model: 'qwen2.5:3b' }] : [] })
      const body = (await req.json()) as { model: string; messages: unknown[]; keep_alive?: unknown }
      requests.push({ messages: body.messages.length, keepAlive: body.keep_alive })
      if (!loaded) {
        await Bun.sleep(LOAD_MS)
        if (req.signal.aborted) return new Response(null, { status: 499 })
        loaded = true
      }
      const content = body.messages.length
        ? JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })
        : ''
      return Response.json({
        model: body.model,
        message: { role: 'assistant', content },
        done: true,
        done_reason: body.messages.length ? 'stop' : 'load',
      })
    },
  })
  running.push(server)
  return { origin: server.url.origin, requests, isLoaded: () => loaded }
}

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

describe('ollama scorer and a model that loads for longer than the timeout', () => {
  test('after calls that ran out of time while the model loaded, loadModel loads it in the background, and a later call answers', async () => {
    const ollama = fakeOllama()
    const lines: string[] = []
    const scorer = createOllamaScorer(
      loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: ollama.origin } }).scorer.ollama,
      createLogger((l) => lines.push(l)),
    )
    await expect(scorer.score(input, AbortSignal.timeout(100))).rejects.toThrow()
    // Without a load of its own, the next call starts the load anew and leaves it again.
    await expect(scorer.score(input, AbortSignal.timeout(100))).rejects.toThrow()
    expect(ollama.isLoaded()).toBe(false)
    scorer.loadModel?.()
    scorer.loadModel?.() // one load at a time
    await Bun.sleep(LOAD_MS + 300)
    expect(ollama.isLoaded()).toBe(true)
    expect(ollama.requests.slice(2)).toEqual([{ messages: 0, keepAlive: '10m' }])
    expect((await scorer.score(input, AbortSignal.timeout(100))).score).toBe(8)
    expect(lines.map((l) => JSON.parse(l).event)).toContain('scorer_model_loading')
  })
})
