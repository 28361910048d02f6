import { afterEach, describe, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { createLogger } from '../../src/lib/log'
import { buildScorer } from '../../src/scorers/registry'

// docs/scoring.md#checking-the-model-server: a model server restarted (or stopped) while a call waits for its answer
// closes the connection without one, which the call reads as a reset connection. A server that expects TLS resets a
// plain http:// request too, but at once and every time: one that answered this scorer over the same address is not
// such a server, and telling the operator to write https:// would send them the wrong way. The fake answers a chat as
// Ollama's API documentation ("Generate a chat completion") and OpenAI's API reference ("Create chat completion")
// describe it, until it is stopped mid-answer.
const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})
const ANSWER = JSON.stringify({ reason: 'The post says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 8 })
const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }
const message = { role: 'assistant', content: ANSWER }

function serverRestartedMidAnswer() {
  const state = { restart: false }
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      if (state.restart) {
        server.stop(true)
        return new Promise<Response>(() => {})
      }
      if (new URL(req.url).pathname.startsWith('/api/')) return Response.json({ model: 'qwen', message, done: true })
      return Response.json({ object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }] })
    },
  })
  running.push(server)
  return { origin: server.url.origin, state }
}

const env = (backend: string, origin: string): Record<string, string> =>
  backend === 'ollama'
    ? { LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin }
    : { LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`, LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen' }

const SERVER = { ollama: 'the Ollama model server', openai: 'the OpenAI-compatible server' }

for (const backend of ['ollama', 'openai'] as const)
  describe(`${backend}: the server restarted while a call waits`, () => {
    async function failedCall(first: 'call' | 'check') {
      const server = serverRestartedMidAnswer()
      const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_BACKEND: backend, ...env(backend, server.origin) } })
      const scorer = await buildScorer(
        config,
        createLogger(() => {}),
      )
      if (first === 'call') expect((await scorer.score(input, AbortSignal.timeout(5000))).score).toBe(8)
      else expect(await scorer.probe?.(AbortSignal.timeout(5000))).toBeUndefined()
      server.state.restart = true
      const failed = await scorer.score(input, AbortSignal.timeout(5000)).catch((err: Error) => err.message)
      expect(failed).toBe(
        `${SERVER[backend]} at ${server.origin} closed the connection before answering (connection reset): the server restarted or stopped meanwhile; its log says why`,
      )
    }

    test('after a call it answered: the call says the server closed the connection, not to write https://', () =>
      failedCall('call'))

    test('after the start-up check answered, before any call, the first call says the same', () => failedCall('check'))
  })
