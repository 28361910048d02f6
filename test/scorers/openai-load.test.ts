import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createScorerHealth } from '../../src/domain/scoring/scorer-health'
import { createLogger } from '../../src/lib/log'
import { QUICK_MS } from '../../src/scorers/background-load'
import { buildScorer } from '../../src/scorers/registry'
import type { Scorer } from '../../src/scorers/types'
import { lmStudios, scoreCompletion } from '../support/fake-lm-studio'

// docs/scoring.md#checking-the-model-server: an OpenAI-compatible server that loads a model at the first request for it
// (LM Studio with just-in-time loading, the llama.cpp server's router mode) takes that load's time out of the first
// calls. This fake loads at the first chat completion, taking LOAD_MS, and abandons a load whose request left (as
// Ollama does; a server that goes on loading is helped the same way). GET /v1/models lists the model at any time, as
// LM Studio lists every model it has with just-in-time loading on. A load request answered within QUICK_MS was no load
// (the model was in memory): a load takes longer here.
const LOAD_MS = QUICK_MS + 200
const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})

type Chat = { max_tokens?: number; response_format?: unknown; messages: unknown[]; aborted?: boolean }

function fakeJitServer(o: { models?: () => Response } = {}) {
  let loaded = false
  const chats: Chat[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      if (new URL(req.url).pathname === '/v1/models')
        return o.models?.() ?? Response.json({ object: 'list', data: [{ id: 'qwen3-8b', object: 'model' }] })
      if (req.method === 'GET') return new Response('Not Found', { status: 404 })
      const chat = (await req.json()) as Chat
      chats.push(chat)
      if (!loaded) {
        await Bun.sleep(LOAD_MS)
        chat.aborted = req.signal.aborted
        if (req.signal.aborted) return new Response(null, { status: 499 })
        loaded = true
      }
      return scoreCompletion()
    },
  })
  running.push(server)
  return { baseUrl: `${server.url.origin}/v1`, chats, isLoaded: () => loaded }
}

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

async function setUp(baseUrl: string) {
  const lines: string[] = []
  const log = createLogger((l) => lines.push(l))
  const env = {
    LEAD_SIGNALS_SCORER_BACKEND: 'openai',
    LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: baseUrl,
    LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen3-8b',
  }
  const config = loadConfig({ env })
  const scorer = await buildScorer(config, log)
  const events = () => lines.map((l) => JSON.parse(l).event as string)
  return { scorer, health: createScorerHealth({ config, scorer, log }), events }
}

describe('openai scorer and a server that loads the model at its first request', () => {
  test('the start-up check, once the server answers, has it load the model by one small request it does not wait for', async () => {
    const server = fakeJitServer()
    const { scorer, health, events } = await setUp(server.baseUrl)
    const started = performance.now()
    expect(await health.check()).toBe(true)
    expect(performance.now() - started).toBeLessThan(LOAD_MS / 2)
    await Bun.sleep(LOAD_MS + 200)
    expect(server.isLoaded()).toBe(true)
    expect(server.chats).toHaveLength(1)
    expect(server.chats[0]).toMatchObject({ max_tokens: 1 })
    expect(server.chats[0].response_format).toBeUndefined()
    // A model most often loaded already: the load at start is not worth a line.
    expect(events()).not.toContain('scorer_model_loading')
    expect((await scorer.score(input, AbortSignal.timeout(200))).score).toBe(8)
  })

  test('a server that cannot serve the model (a key refused) is not asked to load it', async () => {
    const server = fakeJitServer({ models: () => Response.json({ error: { message: 'no key' } }, { status: 401 }) })
    const { health, events } = await setUp(server.baseUrl)
    expect(await health.check()).toBe(false)
    await Bun.sleep(50)
    expect(server.chats).toHaveLength(0)
    expect(events()).not.toContain('scorer_model_loading')
  })

  test('after calls ran out of time, loadModel loads it in the background, one at a time; close abandons it', async () => {
    const server = fakeJitServer()
    const { scorer, events } = await setUp(server.baseUrl)
    await expect(scorer.score(input, AbortSignal.timeout(100))).rejects.toThrow()
    await Bun.sleep(LOAD_MS)
    expect(server.isLoaded()).toBe(false)
    scorer.loadModel?.()
    // Said once it has taken QUICK_MS, then abandoned.
    await Bun.sleep(QUICK_MS + 50)
    scorer.close?.()
    await Bun.sleep(LOAD_MS + 100)
    expect(server.isLoaded()).toBe(false)
    scorer.loadModel?.()
    scorer.loadModel?.() // one load at a time
    await Bun.sleep(LOAD_MS + 200)
    expect(server.isLoaded()).toBe(true)
    expect(server.chats.slice(1).map((c) => c.max_tokens)).toEqual([1, 1])
    expect(events().filter((e) => e === 'scorer_model_loading')).toHaveLength(2)
    expect((await scorer.score(input, AbortSignal.timeout(200))).score).toBe(8)
  })
})

// LM Studio with just-in-time loading, loading a copy of the model per request during a load
// (support/fake-lm-studio.ts).
const startLmStudio = lmStudios()
const fakeLmStudio = () => startLmStudio(LOAD_MS)

// Four calls at once, as scorer.concurrency (4) lets a polling pass send them.
const four = (scorer: Scorer) =>
  Promise.all([1, 2, 3, 4].map(() => scorer.score(input, AbortSignal.timeout(LOAD_MS * 5))))

describe('openai scorer and a server that loads a copy of the model per request during a load', () => {
  test('calls that come while the load sent at start runs wait for it: one load, not five', async () => {
    const server = fakeLmStudio()
    const { scorer, health } = await setUp(server.baseUrl)
    expect(await health.check()).toBe(true)
    const scores = await four(scorer)
    expect(scores.map((s) => s.score)).toEqual([8, 8, 8, 8])
    expect(server.seen.loads).toBe(1)
  })

  test('without a load at start (poll --once, mcp, a server that came up later), the first call goes alone', async () => {
    const server = fakeLmStudio()
    const { scorer } = await setUp(server.baseUrl)
    expect((await four(scorer)).map((s) => s.score)).toEqual([8, 8, 8, 8])
    expect(server.seen.loads).toBe(1)
  })

  test('once the server has answered, calls go at once, scorer.concurrency of them', async () => {
    const server = fakeLmStudio()
    const { scorer } = await setUp(server.baseUrl)
    await scorer.score(input, AbortSignal.timeout(LOAD_MS * 5))
    server.seen.mostAtOnce = 0
    await four(scorer)
    expect(server.seen.mostAtOnce).toBe(4)
  })

  test('a call that waits behind the first gives up at its own time', async () => {
    const server = fakeLmStudio()
    const { scorer } = await setUp(server.baseUrl)
    const first = scorer.score(input, AbortSignal.timeout(LOAD_MS * 5))
    const started = performance.now()
    await expect(scorer.score(input, AbortSignal.timeout(50))).rejects.toThrow()
    expect(performance.now() - started).toBeLessThan(LOAD_MS / 2)
    expect((await first).score).toBe(8)
    expect(server.seen.chats).toBe(1)
  })
})
