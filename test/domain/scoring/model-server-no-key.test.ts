import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: an OpenAI-compatible server started with a key (vLLM's --api-key, the
// llama.cpp server's --api-key) answers 401 to a request without one. With scorer.openai.api_key empty, 'check
// scorer.openai.api_key' sent the operator to check a key they never set; the line now says none was sent.
const startFake = fakesPerTest()

// vLLM with --api-key: every /v1 path answers 401 {"error": "Unauthorized"} without the right Bearer key.
const keyed = (key: string) =>
  startFake((req: Received) => {
    if (req.headers.get('authorization') !== `Bearer ${key}`)
      return Response.json({ error: 'Unauthorized' }, { status: 401 })
    return Response.json({ object: 'list', data: [{ id: 'local', object: 'model', owned_by: 'vllm' }] })
  })

const detail = async (env: Record<string, string>) =>
  (
    await checkScorer(
      loadConfig({ env: { LEAD_SIGNALS_SCORER_BACKEND: 'openai', ...env } }),
      createLogger(() => {}),
    )
  ).detail

describe('an OpenAI-compatible server that needs a key', () => {
  test('no key set: the line says none was sent and how to set one', async () => {
    const server = keyed('site-key-0123456789')
    const said = await detail({ LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1` })
    expect(said).toContain('refused the request (HTTP 401)')
    expect(said).toContain(
      'no key was sent: set scorer.openai.api_key (LEAD_SIGNALS_SCORER_OPENAI_API_KEY) to the key the server was started with',
    )
  })

  test('a wrong key: check it, and the key is not in the line', async () => {
    const server = keyed('site-key-0123456789')
    const said = await detail({
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1`,
      LEAD_SIGNALS_SCORER_OPENAI_API_KEY: 'wrong-key-9876543210',
    })
    expect(said).toContain('check scorer.openai.api_key')
    expect(said).not.toContain('no key was sent')
    expect(said).not.toContain('9876543210')
  })
})
