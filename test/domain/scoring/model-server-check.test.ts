import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { createScorerHealth } from '../../../src/domain/scoring/scorer-health'
import { createLogger } from '../../../src/lib/log'
import { buildScorer } from '../../../src/scorers/registry'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { REFUSED_ORIGIN } from '../../support/refused'

// docs/scoring.md#checking-the-model-server: the start-up check says what keeps a reachable model server from
// serving the configured model, not only whether it can be reached.
const startFake = fakesPerTest()

// Ollama as its API documentation describes it: POST /api/show answers 200 for a pulled model and 404
// {"error": "model '…' not found"} for another; a path it does not serve is a plain-text 404.
function fakeOllama(pulled: string) {
  return startFake((req: Received) => {
    if (req.method === 'POST' && req.url.pathname === '/api/show') {
      const { model } = JSON.parse(req.body) as { model: string }
      if (model === pulled) return Response.json({ details: { family: 'qwen2', parameter_size: '3.1B' } })
      return Response.json({ error: `model '${model}' not found` }, { status: 404 })
    }
    return new Response('404 page not found', { status: 404 })
  })
}

// An OpenAI-compatible server: GET /v1/models lists its models, a wrong key is 401 with OpenAI's error shape (which
// quotes part of the key), a path it does not serve is 404.
function fakeOpenAi(key: string) {
  return startFake((req: Received) => {
    if (req.url.pathname !== '/v1/models') return Response.json({ detail: 'Not Found' }, { status: 404 })
    if (req.headers.get('authorization') !== `Bearer ${key}`)
      return Response.json(
        {
          error: {
            message: `Incorrect API key provided: ${req.headers.get('authorization')}`,
            code: 'invalid_api_key',
          },
        },
        { status: 401 },
      )
    return Response.json({ object: 'list', data: [{ id: 'local-model', object: 'model' }] })
  })
}

async function check(env: Record<string, string>) {
  const lines: string[] = []
  const log = createLogger((l) => lines.push(l))
  const config = loadConfig({ env })
  const ready = await createScorerHealth({ config, scorer: await buildScorer(config, log), log }).check()
  return { ready, lines }
}

describe('the start-up check of the model server', () => {
  test('ollama: a pulled model is ready with no line; a model not pulled is named with the command that pulls it', async () => {
    const ollama = fakeOllama('qwen2.5:3b')
    const env = { LEAD_SIGNALS_SCORER_BACKEND: 'ollama', LEAD_SIGNALS_SCORER_OLLAMA_HOST: ollama.origin }
    expect(await check(env)).toEqual({ ready: true, lines: [] })

    const missing = await check({ ...env, LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b' })
    expect(missing.ready).toBe(false)
    expect(missing.lines).toHaveLength(1)
    expect(missing.lines[0]).toContain('model_unavailable')
    expect(missing.lines[0]).toContain('has no model \\"llama3.2:3b\\": run \\"ollama pull llama3.2:3b\\"')
    expect(missing.lines[0]).toContain('scoring with the embedded scorer')
  })

  test('ollama: an address that is not an Ollama API root says so', async () => {
    const ollama = fakeOllama('qwen2.5:3b')
    const r = await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: `${ollama.origin}/v1` })
    expect(r.ready).toBe(false)
    // The path written is named: 'no Ollama API at http://127.0.0.1:11434 (…): scorer.ollama.host is the server's root,
    // such as http://127.0.0.1:11434' named the very root it asked for and hid the /v1 that was wrong.
    expect(r.lines[0]).toContain(
      `no Ollama API at ${ollama.origin}/v1 (404 page not found): scorer.ollama.host is the server's root, such as http://127.0.0.1:11434`,
    )
  })

  test('openai: a wrong key or an address without /v1 is named; the key is never in the line', async () => {
    const server = fakeOpenAi('sk-right-0123456789abcdef')
    const env = {
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${server.origin}/v1`,
      LEAD_SIGNALS_SCORER_OPENAI_API_KEY: 'sk-right-0123456789abcdef',
    }
    expect(await check(env)).toEqual({ ready: true, lines: [] })

    const wrongKey = await check({ ...env, LEAD_SIGNALS_SCORER_OPENAI_API_KEY: 'sk-wrong-0123456789abcdef' })
    expect(wrongKey.ready).toBe(false)
    expect(wrongKey.lines[0]).toContain('check scorer.openai.api_key')
    expect(wrongKey.lines[0]).not.toContain('0123456789abcdef')

    const noV1 = await check({ ...env, LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: server.origin })
    expect(noV1.ready).toBe(false)
    expect(noV1.lines[0]).toContain(`no OpenAI-compatible API at ${server.origin}`)
    expect(noV1.lines[0]).toContain('usually ends in /v1')
  })

  // Another web server at the configured address (a proxy's default site, another service on the port) answers 404
  // to every path: the address the operator wrote already has the shape asked for, so the line points at the host
  // and port instead of asking for that shape again.
  test('openai: a base_url ending in /v1 that reaches another server names the host and port, not /v1', async () => {
    const other = startFake(() => new Response(null, { status: 404 }))
    const r = await check({
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${other.origin}/v1`,
    })
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain(`no OpenAI-compatible API at ${other.origin}/v1`)
    expect(r.lines[0]).toContain('check the host and port of scorer.openai.base_url')
    expect(r.lines[0]).not.toContain('usually ends in /v1')
  })

  // LM Studio serves the API under /v1 only and answers any other path with status 200 and an error object (its bug
  // tracker, issue 618: {"error": "Unexpected endpoint or method. (POST /chat/completions)"}): a base_url without /v1
  // passed the check, and every call then failed.
  test('openai: LM Studio at a base_url without /v1, answering 200 with an error, is told to end it in /v1', async () => {
    const lmStudio = startFake((req) => {
      if (req.method === 'GET' && req.url.pathname === '/v1/models')
        return Response.json({ object: 'list', data: [{ id: 'qwen2.5-7b-instruct', object: 'model' }] })
      return Response.json({ error: `Unexpected endpoint or method. (${req.method} ${req.url.pathname})` })
    })
    const env = { LEAD_SIGNALS_SCORER_BACKEND: 'openai', LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: lmStudio.origin }
    const r = await check(env)
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain('model_unavailable')
    expect(r.lines[0]).toContain(
      `no OpenAI-compatible API at ${lmStudio.origin} (GET /models answered with an error: Unexpected endpoint or method. (GET /models)): scorer.openai.base_url usually ends in /v1`,
    )
    expect(await check({ ...env, LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${lmStudio.origin}/v1` })).toEqual({
      ready: true,
      lines: [],
    })
  })

  // Ollama takes a JSON schema as `format` from 0.5 on; before, `format` is only "json", and every call was refused
  // with a decoder's message. GET /api/version (Ollama's API documentation, "Version") tells it at the start.
  test('ollama: a server older than 0.5, which takes no JSON schema as format, is named with its version', async () => {
    const old = startFake((req: Received) => {
      if (req.url.pathname === '/api/version') return Response.json({ version: '0.4.7' })
      if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
      return new Response('404 page not found', { status: 404 })
    })
    const r = await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: old.origin })
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain('model_unavailable')
    expect(r.lines[0]).toContain(
      `the Ollama model server at ${old.origin} is version 0.4.7: the scorer needs 0.5 or later, which takes the reply's JSON schema as format; upgrade Ollama there`,
    )
    for (const version of ['0.5.0', '0.12.4', '0.0.0']) {
      const current = startFake((req: Received) =>
        req.url.pathname === '/api/version'
          ? Response.json({ version })
          : Response.json({ details: { family: 'qwen2' } }),
      )
      expect(await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: current.origin })).toEqual({ ready: true, lines: [] })
    }
  })

  // vLLM serves the models it was started with under the names GET /v1/models lists (owned_by "vllm"), and answers
  // 404 to any other; the llama.cpp server (owned_by "llamacpp") answers to any name, so only vLLM's list is read.
  test('openai: a model vLLM does not serve is named with the names it lists; a llama.cpp list is not held to it', async () => {
    const served = (ownedBy: string) =>
      startFake(() =>
        Response.json({
          object: 'list',
          data: [
            { id: 'Qwen/Qwen2.5-7B-Instruct', object: 'model', owned_by: ownedBy, root: 'Qwen/Qwen2.5-7B-Instruct' },
          ],
        }),
      )
    const vllm = served('vllm')
    const env = (origin: string, model: string) => ({
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${origin}/v1`,
      LEAD_SIGNALS_SCORER_OPENAI_MODEL: model,
    })
    const wrong = await check(env(vllm.origin, 'qwen2.5:7b'))
    expect(wrong.ready).toBe(false)
    expect(wrong.lines[0]).toContain(
      `the OpenAI-compatible server at ${vllm.origin} serves no model \\"qwen2.5:7b\\" (vLLM lists \\"Qwen/Qwen2.5-7B-Instruct\\"): set scorer.openai.model to a name it lists`,
    )
    expect(await check(env(vllm.origin, 'Qwen/Qwen2.5-7B-Instruct'))).toEqual({ ready: true, lines: [] })
    expect(await check(env(served('llamacpp').origin, 'qwen2.5:7b'))).toEqual({ ready: true, lines: [] })
  })

  test('ollama: a root host that reaches another server names the host and port, not the root', async () => {
    const other = startFake(() => new Response(null, { status: 404 }))
    const r = await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: other.origin })
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain(`no Ollama API at ${other.origin}`)
    expect(r.lines[0]).toContain('check the host and port of scorer.ollama.host')
    expect(r.lines[0]).not.toContain("is the server's root")
  })

  // A web application on the port written by mistake answers 200 and its page to every path: the check took that for
  // the model server, serve wrote no line, and each call then failed as an answer that is not one JSON object.
  test('an address where a web page answers every path is not taken for the model server', async () => {
    const web = startFake(
      () => new Response('<!doctype html><title>Dashboard</title>', { headers: { 'content-type': 'text/html' } }),
    )
    const ollama = await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: web.origin })
    expect(ollama.ready).toBe(false)
    expect(ollama.lines[0]).toContain('model_unavailable')
    expect(ollama.lines[0]).toContain(
      `no Ollama API at ${web.origin} (POST /api/show answered with what is not JSON): another server answers at this address; check the host and port of scorer.ollama.host`,
    )
    const openai = await check({
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${web.origin}/v1`,
    })
    expect(openai.ready).toBe(false)
    expect(openai.lines[0]).toContain(
      `no OpenAI-compatible API at ${web.origin}/v1 (GET /v1/models answered with what is not JSON): another server answers at this address; check the host and port of scorer.openai.base_url`,
    )
  })

  // A host name that does not resolve (a typo, an internal name this machine cannot look up, api.openai.com on a site
  // without internet access) read 'no model server at …', which sends the operator to check a server that may be
  // running; the line now says the name is what failed, and the setting that holds it (.invalid never resolves: RFC
  // 6761).
  test('a host name that cannot be looked up is named as such, not as a server that is not running', async () => {
    const r = await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: 'http://ollama.nowhere.invalid:11434' })
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain('model_server_unreachable')
    expect(r.lines[0]).toContain(
      'no model server at http://ollama.nowhere.invalid:11434: the name ollama.nowhere.invalid does not resolve: check scorer.ollama.host for a typo',
    )
    expect(r.lines[0]).toContain('scoring with the embedded scorer')
  })

  // Nothing listening: the line says how to start the server, as `scorer check` does, then how to check it.
  test('nothing listening at the address: the line says how to start the model server, then how to check it', async () => {
    const r = await check({
      LEAD_SIGNALS_SCORER_OLLAMA_HOST: REFUSED_ORIGIN,
      LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'llama3.2:3b',
    })
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain(`no model server at ${REFUSED_ORIGIN}`)
    expect(JSON.parse(r.lines[0]).message).toContain(
      'start it (for Ollama: "ollama serve", then "ollama pull llama3.2:3b"), then check it with: lead-signals scorer check',
    )
    const openai = await check({
      LEAD_SIGNALS_SCORER_BACKEND: 'openai',
      LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: REFUSED_ORIGIN,
    })
    expect(openai.lines[0]).toContain('start it, then check it with: lead-signals scorer check')
  })

  // A firewall that drops packets, or a server that takes the connection and hangs: the start-up check gives up after
  // 2 s, and calls do not wait on it (the model rests, docs/scoring.md#fallback-and-timeouts), which the line says.
  test('an address that takes the connection and never answers: the line says calls do not wait for it', async () => {
    const hung = startFake(async () => {
      await Bun.sleep(5000)
      return new Response(null, { status: 500 })
    })
    const r = await check({ LEAD_SIGNALS_SCORER_OLLAMA_HOST: hung.origin })
    expect(r.ready).toBe(false)
    expect(r.lines[0]).toContain('model_server_unreachable')
    expect(r.lines[0]).toContain(`no answer from ${hung.origin} within 2000 ms`)
    expect(r.lines[0]).toContain('calls do not wait for it, and it is checked again every 15 s')
    expect(r.lines[0]).toContain('scoring with the embedded scorer')
    // The executable alone has no docs folder beside it: the line ends on the command that checks the server.
    expect(r.lines[0]).toContain('once it runs, check it with: lead-signals scorer check')
    expect(r.lines[0]).not.toContain('docs/')
  })
})
