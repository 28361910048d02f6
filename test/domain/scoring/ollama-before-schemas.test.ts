import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: Ollama takes a JSON schema as `format` from 0.5 on. An older one refuses
// every chat with HTTP 400 and its JSON decoder's words, {"error": "json: cannot unmarshal object into Go struct field
// ChatRequest.format of type string"} (Ollama's issue 7991, answered "structured outputs is a feature of 0.5.0 or
// newer"). Here a proxy in front of it passes /api/show and /api/chat but not /api/version, so the start-up check
// cannot read the version: the call's own refusal has to say what to do.
const startFake = fakesPerTest()
const DECODER = 'json: cannot unmarshal object into Go struct field ChatRequest.format of type string'

const olderOllama = () =>
  startFake((req: Received) => {
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
    if (req.url.pathname === '/api/chat') return Response.json({ error: DECODER }, { status: 400 })
    return new Response('404 page not found', { status: 404 })
  })

describe('an Ollama older than 0.5 whose version cannot be read', () => {
  test('scorer check says the server takes no JSON schema as format and to upgrade it, with what it said', async () => {
    const ollama = olderOllama()
    const r = await checkScorer(
      loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: ollama.origin } }),
      createLogger(() => {}),
    )
    expect(r.status).toBe('failed')
    expect(r.detail).toBe(
      `the Ollama model server at ${ollama.origin} takes no JSON schema as format (HTTP 400: ${DECODER}): the scorer needs Ollama 0.5 or later; upgrade Ollama there`,
    )
    expect(ollama.received.filter((q) => q.url.pathname === '/api/chat')).toHaveLength(1)
  })
})
