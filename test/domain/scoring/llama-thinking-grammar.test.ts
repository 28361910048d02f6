import { expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { scoringCalls } from '../../support/scoring-calls'

// docs/scoring.md#thinking-models: the llama.cpp server turns a request's json_schema into a grammar for the reply.
// A chat template that starts the reply with the model's thinking, with --reasoning-format none (which leaves the
// thinking in the reply), makes it refuse every request with HTTP 400 (its issue 21600): "Failed to initialize
// samplers: Unexpected empty grammar stack after accepting piece: <think> (…)". A grammar of the server's own beside
// the schema (--grammar, --grammar-file, --json-schema) is refused with "Either "json_schema" or "grammar" can be
// specified, but not both" (its issue 11847). The fake answers with the `said` message in llama.cpp's error object.
const startFake = fakesPerTest()
const TEMPLATE = 'Failed to initialize samplers: Unexpected empty grammar stack after accepting piece: <think> (248068)'
const BOTH = 'Either "json_schema" or "grammar" can be specified, but not both'

function llamaServer(said: string) {
  return startFake((req: Received) => {
    if (req.url.pathname === '/v1/models') return Response.json({ object: 'list', data: [{ id: 'qwen3.5-9b' }] })
    const error = { code: 400, message: said, type: 'invalid_request_error' }
    return Response.json({ error }, { status: 400 })
  })
}

const env = (origin: string) => ({
  LEAD_SIGNALS_SCORER_BACKEND: 'openai',
  LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
  LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen3.5-9b',
})
const check = (origin: string) =>
  checkScorer(
    loadConfig({ env: env(origin) }),
    createLogger(() => {}),
  )

test('a thinking template the schema grammar refuses: scorer check names the server setting to change', async () => {
  const fake = llamaServer(TEMPLATE)
  const r = await check(fake.origin)
  expect(r.status).toBe('failed')
  expect(r.detail).toContain(`HTTP 400: ${TEMPLATE}`)
  expect(r.detail).toContain("the model's chat template starts its reply with thinking the reply's JSON schema")
  expect(r.detail).toContain('--reasoning-format auto')
})

test('the fallback answers, and its one line says the same', async () => {
  const fake = llamaServer(TEMPLATE)
  const { recorded, score } = await scoringCalls({
    backend: 'openai',
    fallback: 'rules',
    openai: { base_url: `${fake.origin}/v1`, model: 'qwen3.5-9b' },
  })
  expect((await score()).scoredBy).toBe('rules')
  const said = String(recorded.of('scorer_failed')[0]?.fields.err)
  expect(said).toContain('--reasoning-format auto')
})

test("a grammar of the server's own beside the schema: scorer check says which options add one", async () => {
  const fake = llamaServer(BOTH)
  const r = await check(fake.origin)
  expect(r.status).toBe('failed')
  expect(r.detail).toContain(`HTTP 400: ${BOTH}`)
  expect(r.detail).toContain('start it without --grammar, --grammar-file or --json-schema')
})
