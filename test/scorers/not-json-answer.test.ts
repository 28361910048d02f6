// A model server's answer that is not JSON (docs/scoring.md#reading-the-reply), said with what to do in one line: a
// page (another server at the address, or a proxy in front of the model server: check the address), an answer cut off
// (JSON that ends before it is whole: the server's log says why), or other text, quoted.
import { afterEach, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { buildScorer } from '../../src/scorers/registry'
import { silentLogger } from '../support/log'

const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})

function answering(body: string, type: string): string {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => new Response(body, { headers: { 'content-type': type } }),
  })
  running.push(server)
  return server.url.origin
}

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }
const SETTING = { ollama: 'scorer.ollama.host', openai: 'scorer.openai.base_url' }
const SERVER = { ollama: 'the Ollama model server', openai: 'the OpenAI-compatible server' }

async function failure(backend: 'ollama' | 'openai', origin: string): Promise<string> {
  const env = {
    LEAD_SIGNALS_SCORER_BACKEND: backend,
    LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin,
    LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
  }
  const scorer = await buildScorer(loadConfig({ env }), silentLogger)
  return ((await scorer.score(input, AbortSignal.timeout(5000)).catch((e) => e)) as Error).message
}

for (const backend of ['ollama', 'openai'] as const)
  test(`${backend}: a page, an answer cut off and other text each say what to do`, async () => {
    const page = answering('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html')
    expect(await failure(backend, page)).toBe(
      `${SERVER[backend]} at ${page} answered a page (HTML), not the model server's answer: check that ${SETTING[backend]} is the model server's address, and that no proxy in front of it answers instead`,
    )
    const cut = answering('{"model":"qwen2.5:3b","message":{"role":"assistant","content":"{\\"rea', 'application/json')
    expect(await failure(backend, cut)).toBe(
      `${SERVER[backend]} at ${cut} answered JSON that ends before it is whole (an answer cut off): the model server's log says why, or a proxy in front of it cut the answer`,
    )
    const text = answering('upstream connect error or disconnect/reset before headers', 'text/plain')
    expect(await failure(backend, text)).toBe(
      `${SERVER[backend]} at ${text} answered text that is not JSON ("upstream connect error or disconnect/reset before headers"): check that ${SETTING[backend]} is the model server's address`,
    )
  })
