import { afterAll, beforeAll, expect, test } from 'bun:test'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { createWorkspace, runCli, type Workspace } from './run-cli'

// docs/scoring.md#backends: the openai scorer asks for a strict json_schema response format. DeepSeek's API takes
// only `text` and `json_object` there (its API documentation, "Create Chat Completion") and refuses json_schema with
// 400 `This response_format type is unavailable now` (reports against programs that sent it quote both that and a 422
// "Failed to deserialize the JSON body into the target type: response_format: response_format.type `json_schema` is
// unavailable now"). The fake answers GET /v1/models with its list and each chat completion so.
const startFake = fakesPerTest()
let ws: Workspace
beforeAll(() => {
  ws = createWorkspace()
})
afterAll(() => ws.cleanup())

function jsonObjectOnly(status: number, message: string) {
  return startFake((req: Received) => {
    if (req.url.pathname === '/v1/models')
      return Response.json({ object: 'list', data: [{ id: 'deepseek-chat', object: 'model', owned_by: 'deepseek' }] })
    const error = { message, type: 'invalid_request_error', param: null, code: 'invalid_request_error' }
    return Response.json({ error }, { status })
  })
}

const envFor = (origin: string) => ({
  LEAD_SIGNALS_SCORER_BACKEND: 'openai',
  LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
  LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'deepseek-chat',
})

test('scorer check: a server that refuses the json_schema response format says the scorer needs one', async () => {
  const refusals = [
    jsonObjectOnly(400, 'This response_format type is unavailable now'),
    jsonObjectOnly(
      422,
      'Failed to deserialize the JSON body into the target type: response_format: response_format.type `json_schema` is unavailable now at line 1 column 2401',
    ),
  ]
  for (const server of refusals) {
    const run = await runCli(ws, ['scorer', 'check'], { env: envFor(server.origin) })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`model deepseek-chat`)
    expect(run.stdout).toContain(
      `the OpenAI-compatible server at ${server.origin} does not take the reply's JSON schema (response_format json_schema)`,
    )
    expect(run.stdout).toContain('the openai scorer needs a server that holds the model to a JSON schema')
    expect(run.stdout).toContain('meanwhile: scoring with the embedded scorer until the model answers')
  }
})
