import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { createWorkspace, runCli, type Workspace } from './run-cli'

// docs/scoring.md#checking-the-model-server: what `scorer check` prints is for the person who ran it; the log lines its
// scoring call writes (a reply asked for again, a switch the server refused) are serve's to log, and the report says
// what came of them. They go to stderr only when asked for with --verbose, before the report.
const startFake = fakesPerTest()
let ws: Workspace
beforeAll(() => {
  ws = createWorkspace()
})
afterAll(() => ws.cleanup())

// Ollama answering /api/show for the model and every /api/chat with prose: the reply is asked for again, and fails.
function proseOllama() {
  return startFake((req: Received) => {
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
    const message = { role: 'assistant', content: 'I would say this is a strong lead.' }
    return Response.json({ model: 'qwen2.5:3b', message, done: true, done_reason: 'stop' })
  })
}

// OpenAI's own API, as the scorer meets it: it refuses chat_template_kwargs by name with 400 and answers without it.
function openAi() {
  return startFake((req: Received) => {
    if (req.url.pathname === '/v1/models') return Response.json({ object: 'list', data: [{ id: 'gpt-4o-mini' }] })
    if (req.method === 'GET') return Response.json({ error: { message: 'Not found' } }, { status: 404 })
    if ('chat_template_kwargs' in JSON.parse(req.body)) {
      const error = {
        message: 'Unrecognized request argument supplied: chat_template_kwargs',
        type: 'invalid_request_error',
      }
      return Response.json({ error }, { status: 400 })
    }
    const content = JSON.stringify({ reason: 'It says "needs a CRM".', intent: 'ACTIVE', icpMatch: null, score: 9 })
    return Response.json({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] })
  })
}

const ollamaEnv = (host: string) => ({ LEAD_SIGNALS_SCORER_BACKEND: 'ollama', LEAD_SIGNALS_SCORER_OLLAMA_HOST: host })
const openAiEnv = (origin: string) => ({
  LEAD_SIGNALS_SCORER_BACKEND: 'openai',
  LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
})

describe('scorer check writes no log lines unless asked', () => {
  test('a reply asked for again, and a switch the server refused: the report alone, stderr empty', async () => {
    const failed = await runCli(ws, ['scorer', 'check'], { env: ollamaEnv(proseOllama().origin) })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain('its last reply: the reply is not JSON')
    expect(failed.stderr).toBe('')

    const ok = await runCli(ws, ['scorer', 'check'], { env: openAiEnv(openAi().origin) })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('scorer: ok (the OpenAI-compatible server at')
    expect(ok.stderr).toBe('')
  })

  test('--verbose writes them on stderr; --json stays one JSON object on stdout', async () => {
    const verbose = await runCli(ws, ['scorer', 'check', '--verbose'], { env: ollamaEnv(proseOllama().origin) })
    expect(
      verbose.stderr
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).event),
    ).toEqual(['scorer_reply_retry'])
    expect(verbose.stdout).toContain('scorer: failed')

    const json = await runCli(ws, ['scorer', 'check', '--json'], { env: openAiEnv(openAi().origin) })
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'ok', backend: 'openai' })
    expect(json.stderr).toBe('')
  })
})
