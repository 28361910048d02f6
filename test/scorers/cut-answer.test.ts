// A model server that closes the connection partway through its answer (it stopped, or ran out of memory, with the
// 200 and the start of the body sent) is said as that, with where to look, in one line: not the runtime's own words
// for a reset socket, which end with advice to a developer ("pass `verbose: true` in the second argument to fetch()").
// The fakes send a chat answer's first bytes, then reset the connection.
import { afterEach, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { buildScorer } from '../../src/scorers/registry'
import { silentLogger } from '../support/log'

const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})

function cutServer(): string {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => {
      const body = new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"choices":[{"index":0,"message":{"role":"assistant","content":"{'))
          setTimeout(() => c.error(new Error('gone')), 30)
        },
      })
      return new Response(body, { headers: { 'content-type': 'application/json', 'content-length': '4000' } })
    },
  })
  running.push(server)
  return server.url.origin
}

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

const SAID = { ollama: 'the Ollama model server', openai: 'the OpenAI-compatible server' }
for (const backend of ['ollama', 'openai'] as const)
  test(`${backend}: an answer cut off by the server says so and where to look`, async () => {
    const origin = cutServer()
    const env = {
      LEAD_SIGNALS_SCORER_BACKEND: backend,
      LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin,
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
    }
    const scorer = await buildScorer(loadConfig({ env }), silentLogger)
    const err = (await scorer.score(input, AbortSignal.timeout(5000)).catch((e) => e)) as Error
    expect(err.message).toBe(
      `${SAID[backend]} at ${origin} closed the connection before its answer ended (connection reset): the model server's log says why`,
    )
  })
