// An OpenAI-compatible server that does not serve the configured model answers the chat completion 404 naming it
// (vLLM: "The model `x` does not exist.", OpenAI's "model_not_found"): the line names the model and what to set, as the
// start-up check does for vLLM (docs/scoring.md#checking-the-model-server), not only the server's words.
import { afterEach, expect, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { buildScorer } from '../../src/scorers/registry'
import { silentLogger } from '../support/log'

const running: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop(true)
})

test('a 404 naming the model says which model and what to set', async () => {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () =>
      Response.json(
        { object: 'error', message: 'The model `qwen3-8b` does not exist.', type: 'NotFoundError', code: 404 },
        { status: 404 },
      ),
  })
  running.push(server)
  const env = {
    LEAD_SIGNALS_SCORER_BACKEND: 'openai',
    LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.url.origin}/v1`,
    LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen3-8b',
  }
  const scorer = await buildScorer(loadConfig({ env }), silentLogger)
  const err = (await scorer
    .score({ content: 'We need a CRM.', icps: [] }, AbortSignal.timeout(5000))
    .catch((e) => e)) as Error
  expect(err.message).toBe(
    `the OpenAI-compatible server at ${server.url.origin} does not serve model "qwen3-8b" (HTTP 404: The model \`qwen3-8b\` does not exist.): set scorer.openai.model to a name its GET /v1/models lists`,
  )
})
