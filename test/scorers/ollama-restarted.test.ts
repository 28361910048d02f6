import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { createOllamaScorer } from '../../src/scorers/ollama'

// docs/scoring.md#fallback-and-timeouts: Ollama restarted (or stopped) while a call waits for its answer closes the
// connection without one, which the call reads as a reset connection. A server that expects TLS resets a plain
// http:// request too, but at once and every time: one that answered this scorer over the same address is not such a
// server, and telling the operator to write https:// would send them the wrong way. The fake answers /api/chat as
// Ollama's API documentation describes it ("Generate a chat completion"), until it is stopped mid-answer.
const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})
const ANSWER = JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const restarted = (origin: string) =>
  `ollama at ${origin} closed the connection before answering (connection reset): the server restarted or stopped meanwhile; its log says why`
const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

function ollamaRestartedMidAnswer() {
  const state = { restart: false }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch() {
      if (state.restart) {
        server.stop(true)
        return new Promise<Response>(() => {})
      }
      return Response.json({ model: 'qwen2.5:3b', message: { role: 'assistant', content: ANSWER }, done: true })
    },
  })
  running.push(server)
  return { origin: server.url.origin, state }
}

function scorerAt(origin: string) {
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin } })
  return createOllamaScorer(
    config.scorer.ollama,
    createLogger(() => {}),
  )
}

describe('Ollama restarted while a call waits', () => {
  test('the call says the server closed the connection before answering, not to write https://', async () => {
    const ollama = ollamaRestartedMidAnswer()
    const scorer = scorerAt(ollama.origin)
    expect((await scorer.score(input, AbortSignal.timeout(5000))).score).toBe(8)
    ollama.state.restart = true
    const failed = await scorer.score(input, AbortSignal.timeout(5000)).catch((err: Error) => err.message)
    expect(failed).toBe(restarted(ollama.origin))
  })

  test('after the start-up check answered, before any call, the first call says the same', async () => {
    const ollama = ollamaRestartedMidAnswer()
    const scorer = scorerAt(ollama.origin)
    expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
    ollama.state.restart = true
    const failed = await scorer.score(input, AbortSignal.timeout(5000)).catch((err: Error) => err.message)
    expect(failed).toBe(restarted(ollama.origin))
  })
})
