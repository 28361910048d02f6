import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { createScorerHealth } from '../../../src/domain/scoring/scorer-health'
import { createLogger } from '../../../src/lib/log'
import { buildScorer } from '../../../src/scorers/registry'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: Ollama sends its errors as {"error": "…"} (its API documentation,
// "Errors"), with the HTTP status of the error before an answer starts, and, once a stream of JSON lines has started,
// as a line of its own under the 200 already sent. Whatever stands at the address (a proxy, an Ollama-compatible
// server) may send such an error with 200 to POST /api/show too: the start-up check is not passed by it.
const startFake = fakesPerTest()

function fakeOllama(show: (model: string) => Response) {
  return startFake((req: Received) => {
    if (req.method === 'POST' && req.url.pathname === '/api/show') return show(JSON.parse(req.body).model)
    return new Response('404 page not found', { status: 404 })
  })
}

async function check(origin: string) {
  const lines: string[] = []
  const log = createLogger((l) => lines.push(l))
  const config = loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: origin } })
  const ready = await createScorerHealth({ config, scorer: await buildScorer(config, log), log }).check()
  return { ready, lines, said: lines.map((l) => JSON.parse(l).message as string) }
}

describe('the start-up check of an Ollama that answers 200 with an error', () => {
  test('a model not found is named with the command that pulls it, as the 404 is', async () => {
    const ollama = fakeOllama((model) => Response.json({ error: `model '${model}' not found` }))
    const r = await check(ollama.origin)
    expect(r.ready).toBe(false)
    expect(r.lines).toHaveLength(1)
    expect(r.lines[0]).toContain('model_unavailable')
    expect(r.said[0]).toContain(
      `the Ollama model server at ${ollama.origin} has no model "qwen2.5:3b": run "ollama pull qwen2.5:3b" there`,
    )
  })

  test('another error is named with what it said and where to look, not passed as a model that answers', async () => {
    const ollama = fakeOllama(() => Response.json({ error: 'unable to load model blob: permission denied' }))
    const r = await check(ollama.origin)
    expect(r.ready).toBe(false)
    expect(r.said[0]).toContain(
      `the Ollama model server at ${ollama.origin} answered with an error when asked about model "qwen2.5:3b": unable to load model blob: permission denied`,
    )
    expect(r.said[0]).toContain("the Ollama server's log")
  })

  test('an error line in a stream of JSON lines is read as the error, not as another server at the address', async () => {
    const lines = [{ status: 'reading model metadata' }, { error: "model 'qwen2.5:3b' not found" }]
    const ollama = fakeOllama(
      () =>
        new Response(lines.map((l) => JSON.stringify(l)).join('\n'), {
          headers: { 'content-type': 'application/x-ndjson' },
        }),
    )
    const r = await check(ollama.origin)
    expect(r.ready).toBe(false)
    expect(r.said[0]).toContain('run "ollama pull qwen2.5:3b" there')
    expect(r.said[0]).not.toContain('another server')
  })

  test('an answer without an error is still ready', async () => {
    const ollama = fakeOllama(() => Response.json({ details: { family: 'qwen2' }, capabilities: ['completion'] }))
    expect((await check(ollama.origin)).ready).toBe(true)
  })
})
