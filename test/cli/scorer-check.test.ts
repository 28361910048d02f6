import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { fakeThinkingOllama } from '../support/fake-ollama-thinking'
import { fakesPerTest, type Received } from '../support/fake-upstream'
import { createWorkspace, runCli, type Workspace } from './run-cli'
import { REFUSED_PORT } from '../support/refused'

// docs/scoring.md#checking-the-model-server: `scorer check` as a real process against model servers on 127.0.0.1
// that answer as their documentation says.
const startFake = fakesPerTest()
let ws: Workspace
beforeAll(() => {
  ws = createWorkspace()
})
afterAll(() => ws.cleanup())

const ANSWER = { reason: 'The post says "needs a CRM this month".', intent: 'ACTIVE', icpMatch: null, score: 9 }

// Ollama: POST /api/show for a pulled model, POST /api/chat answering one non-streaming message whose content is
// `content`; a model not pulled is 404 {"error": ...} on both.
function fakeOllama(content: string) {
  return startFake((req: Received) => {
    const { model } = JSON.parse(req.body || '{}') as { model?: string }
    if (model !== 'qwen2.5:3b') return Response.json({ error: `model '${model}' not found` }, { status: 404 })
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
    return Response.json({ model, message: { role: 'assistant', content }, done: true, done_reason: 'stop' })
  })
}

// An OpenAI-compatible server that wants a key; its 401 quotes the key it was given, as OpenAI's does.
function fakeOpenAi(key: string) {
  return startFake((req: Received) => {
    if (req.headers.get('authorization') !== `Bearer ${key}`)
      return Response.json(
        { error: { message: `Incorrect API key provided: ${req.headers.get('authorization')}` } },
        { status: 401 },
      )
    if (req.url.pathname === '/v1/models') return Response.json({ object: 'list', data: [{ id: 'local' }] })
    const content = JSON.stringify(ANSWER)
    return Response.json({ choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] })
  })
}

const ollamaEnv = (host: string, model = 'qwen2.5:3b') => ({
  LEAD_SIGNALS_SCORER_BACKEND: 'ollama',
  LEAD_SIGNALS_SCORER_OLLAMA_HOST: host,
  LEAD_SIGNALS_SCORER_OLLAMA_MODEL: model,
})

describe('scorer check', () => {
  test('ollama: ok with the answer; a model not pulled names the pull command; a reply off the schema fails', async () => {
    const ok = fakeOllama(JSON.stringify(ANSWER))
    const r = await runCli(ws, ['scorer', 'check'], { env: ollamaEnv(ok.origin) })
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`scorer: ok (the Ollama model server at ${ok.origin}, model qwen2.5:3b, `)
    expect(r.stdout).toContain('ACTIVE 9')

    const missing = await runCli(ws, ['scorer', 'check'], { env: ollamaEnv(ok.origin, 'llama3.2:3b') })
    expect(missing.code).toBe(1)
    expect(missing.stdout).toContain('scorer: failed')
    expect(missing.stdout).toContain('run "ollama pull llama3.2:3b"')

    const prose = fakeOllama('I would say this is a strong lead.')
    const bad = await runCli(ws, ['scorer', 'check', '--json'], { env: ollamaEnv(prose.origin) })
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stdout)).toMatchObject({ status: 'failed', backend: 'ollama', model: 'qwen2.5:3b' })
    expect(bad.stdout).toContain('its last reply: the reply is not JSON')
  })

  test('ollama: a model that thinks anyway is ok and said so; one that only thinks fails saying that', async () => {
    // docs/scoring.md#thinking-models: gpt-oss ignores think: false and thinks past the reply's 512 tokens.
    const model = { name: 'gpt-oss:20b', kind: 'levels', thoughtTokens: 700, lowThoughtTokens: 200 } as const
    const gptOss = fakeThinkingOllama(startFake, { era: 'current', model, answer: JSON.stringify(ANSWER) })
    const ok = await runCli(ws, ['scorer', 'check'], { env: ollamaEnv(gptOss.origin, model.name) })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('the model thinks before it answers although asked not to')
    expect(ok.stdout).toContain('ACTIVE 9')

    const ponder = { name: 'ponder:7b', kind: 'always', thoughtTokens: 50_000 } as const
    const only = fakeThinkingOllama(startFake, { era: 'current', model: ponder, answer: JSON.stringify(ANSWER) })
    const failed = await runCli(ws, ['scorer', 'check'], { env: ollamaEnv(only.origin, ponder.name) })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain('model "ponder:7b" only thought and gave no answer')
  })

  test('nothing listening, a slow model, and the embedded scorer', async () => {
    const port = REFUSED_PORT
    const down = await runCli(ws, ['scorer', 'check'], { env: ollamaEnv(`http://127.0.0.1:${port}`) })
    expect(down.code).toBe(1)
    expect(down.stdout).toContain(`no model server at http://127.0.0.1:${port}`)
    // What scoring does meanwhile, as serve's start-up line says it: the embedded scorer takes over.
    expect(down.stdout).toContain('meanwhile: scoring with the embedded scorer until the model answers')
    // And what to do, on a fresh install with no model server: start one there, or let the embedded scorer answer
    // alone (it said why and what happens meanwhile, and left the newcomer to find the setting).
    expect(down.stdout).toContain(
      `next: start the model server at http://127.0.0.1:${port} (for Ollama: "ollama serve", then "ollama pull qwen2.5:3b"), or, with no model server, set scorer.backend = "rules" (LEAD_SIGNALS_SCORER_BACKEND=rules) so the embedded scorer answers alone`,
    )
    const strict = await runCli(ws, ['scorer', 'check', '--json'], {
      env: { ...ollamaEnv(`http://127.0.0.1:${port}`), LEAD_SIGNALS_SCORER_FALLBACK: 'none' },
    })
    expect(JSON.parse(strict.stdout).meanwhile).toContain('503 scorer_unavailable')

    const slow = startFake(async (req) => {
      if (req.url.pathname === '/api/show') return Response.json({})
      await Bun.sleep(3000)
      return Response.json({})
    })
    const late = await runCli(ws, ['scorer', 'check'], {
      env: { ...ollamaEnv(slow.origin), LEAD_SIGNALS_SCORER_TIMEOUT_MS: '300' },
    })
    expect(late.code).toBe(1)
    expect(late.stdout).toContain('no answer within 300 ms (scorer.timeout_ms)')
    // A model loaded at its first call takes longer than one already in memory: the line says so, and what to do.
    expect(late.stdout).toContain(
      'a model its server loads for this call (the first after the server started, or after scorer.ollama.keep_alive unloaded it) can take longer: run the check again with a larger scorer.timeout_ms',
    )

    const rules = await runCli(ws, ['scorer', 'check'], { env: { LEAD_SIGNALS_SCORER_BACKEND: 'rules' } })
    expect(rules.code).toBe(0)
    expect(rules.stdout).toContain('scorer: ok (the embedded scorer')
    expect(rules.stdout).not.toContain('meanwhile')
  })

  test('openai: ok with the right key; a wrong key fails without printing it', async () => {
    const server = fakeOpenAi('sk-local-0123456789abcdef')
    const env = {
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1`,
      LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'local',
      LEAD_SIGNALS_SCORER_OPENAI_API_KEY: 'sk-local-0123456789abcdef',
    }
    const ok = await runCli(ws, ['scorer', 'check'], { env })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('scorer: ok (the OpenAI-compatible server at')
    expect(ok.stdout).toContain(`${server.origin}, model local, `)

    const wrong = await runCli(ws, ['scorer', 'check'], {
      env: { ...env, LEAD_SIGNALS_SCORER_OPENAI_API_KEY: 'sk-wrong-9876543210fedcba' },
    })
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toContain('check scorer.openai.api_key')
    expect(wrong.stdout + wrong.stderr).not.toContain('9876543210fedcba')
  })

  test('the reason shown is its start, cut where a word ends and marked with "…"', async () => {
    // The embedded scorer's reason of the sample post runs past the 160 characters the line shows.
    const rules = await runCli(ws, ['scorer', 'check'], { env: { LEAD_SIGNALS_SCORER_BACKEND: 'rules' } })
    const json = await runCli(ws, ['scorer', 'check', '--json'], { env: { LEAD_SIGNALS_SCORER_BACKEND: 'rules' } })
    const reason = (JSON.parse(json.stdout) as { answer: { reason: string } }).answer.reason
    expect(reason.length).toBeGreaterThan(160)
    const shown = /, "(.*)"\n/.exec(rules.stdout)?.[1] ?? ''
    expect(shown.length).toBeLessThanOrEqual(160)
    expect(shown.endsWith('…')).toBe(true)
    expect(reason.startsWith(shown.slice(0, -1))).toBe(true)
    // The last word shown is whole: the reason goes on with a space or a mark, not a letter.
    expect(reason[shown.length - 1]).toMatch(/[^\p{L}\p{N}]/u)
  })
})
