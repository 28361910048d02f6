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

/** The error a call meets against a server that answers every request with `answer`, for `model`. */
async function callError(answer: () => Response, model: string) {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: answer })
  running.push(server)
  const env = {
    LEAD_SIGNALS_SCORER_BACKEND: 'openai',
    LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.url.origin}/v1`,
    LEAD_SIGNALS_SCORER_OPENAI_MODEL: model,
  }
  const scorer = await buildScorer(loadConfig({ env }), silentLogger)
  const err = (await scorer
    .score({ content: 'We need a CRM.', icps: [] }, AbortSignal.timeout(5000))
    .catch((e) => e)) as Error
  return { origin: server.url.origin, message: err.message }
}

test('a 404 naming the model says which model and what to set', async () => {
  const said = { object: 'error', message: 'The model `qwen3-8b` does not exist.', type: 'NotFoundError', code: 404 }
  const err = await callError(() => Response.json(said, { status: 404 }), 'qwen3-8b')
  expect(err.message).toBe(
    `the OpenAI-compatible server at ${err.origin} does not serve model "qwen3-8b" (HTTP 404: The model \`qwen3-8b\` does not exist.): set scorer.openai.model to a name its GET /v1/models lists`,
  )
})

// LM Studio answers a model it has not downloaded with 400, not 404: `Invalid model identifier "x". Please specify a
// valid downloaded model (e.g., …)`, type invalid_request_error, param "model", code "model_not_found" (as its users
// report it in issues of the programs they run against it, e.g. gpt-researcher's issue 1556, LM Studio 0.3 and 0.4).
test("LM Studio's 400 for a model it has not downloaded says which model and what to set", async () => {
  const said = 'Invalid model identifier "qwen2.5:7b". Please specify a valid downloaded model (e.g., qwen3-8b).'
  const error = { message: said, type: 'invalid_request_error', param: 'model', code: 'model_not_found' }
  const err = await callError(() => Response.json({ error }, { status: 400 }), 'qwen2.5:7b')
  expect(err.message).toBe(
    `the OpenAI-compatible server at ${err.origin} does not serve model "qwen2.5:7b" (HTTP 400: ${said}): set scorer.openai.model to a name its GET /v1/models lists`,
  )
})
