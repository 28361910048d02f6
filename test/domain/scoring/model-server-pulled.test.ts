import { describe, expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'

// docs/scoring.md#checking-the-model-server: a model Ollama does not have is named with the models it has. At a site
// without internet access "ollama pull" cannot work, and a name written without its tag ("qwen2.5", which Ollama reads
// as qwen2.5:latest) where "qwen2.5:3b" was pulled was told only to pull qwen2.5.
const startFake = fakesPerTest()

// Ollama as its API documentation describes it: GET /api/tags lists the models pulled ("List models"), POST /api/show
// answers 404 {"error": "model '…' not found"} for any other name.
function fakeOllama(pulled: string[], tags = true) {
  return startFake((req: Received) => {
    if (tags && req.method === 'GET' && req.url.pathname === '/api/tags')
      return Response.json({ models: pulled.map((name) => ({ name, model: name, size: 1929912432 })) })
    if (req.method === 'POST' && req.url.pathname === '/api/show') {
      const { model } = JSON.parse(req.body) as { model: string }
      if (pulled.includes(model)) return Response.json({ details: { family: 'qwen2' } })
      return Response.json({ error: `model '${model}' not found` }, { status: 404 })
    }
    return new Response('404 page not found', { status: 404 })
  })
}

const detail = async (host: string, model: string) =>
  (
    await checkScorer(
      loadConfig({ env: { LEAD_SIGNALS_SCORER_OLLAMA_HOST: host, LEAD_SIGNALS_SCORER_OLLAMA_MODEL: model } }),
      createLogger(() => {}),
    )
  ).detail

describe('a model Ollama does not have', () => {
  test('a name without its tag names the tagged model it has, before the pull command', async () => {
    const ollama = fakeOllama(['qwen2.5:3b', 'llama3.2:1b'])
    const said = await detail(ollama.origin, 'qwen2.5')
    expect(said).toContain(
      `the Ollama model server at ${ollama.origin} has no model "qwen2.5" (without a tag: "qwen2.5:latest")`,
    )
    expect(said).toContain('it has "qwen2.5:3b": set scorer.ollama.model = "qwen2.5:3b"')
    expect(said).toContain('or run "ollama pull qwen2.5" there')
  })

  test('another name lists the models it has', async () => {
    const ollama = fakeOllama(['qwen2.5:3b', 'llama3.2:1b'])
    const said = await detail(ollama.origin, 'mistral:7b')
    expect(said).toContain('has no model "mistral:7b"; it has "qwen2.5:3b", "llama3.2:1b": set scorer.ollama.model')
    expect(said).toContain('or run "ollama pull mistral:7b" there')
  })

  test('none pulled, or no list to read: the pull command as before', async () => {
    const empty = fakeOllama([])
    expect(await detail(empty.origin, 'qwen2.5:3b')).toContain(
      'has no model "qwen2.5:3b": run "ollama pull qwen2.5:3b" there, or set scorer.ollama.model to a model "ollama list" shows',
    )
    const noList = fakeOllama(['qwen2.5:3b'], false)
    expect(await detail(noList.origin, 'qwen2.5')).toContain('has no model "qwen2.5": run "ollama pull qwen2.5" there')
  })

  // A name is [host/][namespace/]model[:tag] (Ollama's model naming, "registry.ollama.ai/library/qwen2.5:latest" in
  // full): a site without internet access pulls from a registry of its own, whose host may carry a port.
  test('pulled from a registry of the site’s own, the same model under its full name is named', async () => {
    const mirrored = 'registry.internal:5000/library/qwen2.5:7b'
    const ollama = fakeOllama([mirrored, 'registry.internal:5000/library/llama3.2:3b'])
    const said = await detail(ollama.origin, 'qwen2.5:7b')
    expect(said).toContain(`it has "${mirrored}": set scorer.ollama.model = "${mirrored}"`)
  })

  test('a name with a registry’s port and no tag is read as :latest, and compared by its model', async () => {
    const ollama = fakeOllama([
      'registry.internal:5000/library/qwen2.5:7b',
      'registry.internal:5000/library/llama3.2:3b',
    ])
    const said = await detail(ollama.origin, 'registry.internal:5000/library/qwen2.5')
    expect(said).toContain('(without a tag: "registry.internal:5000/library/qwen2.5:latest")')
    expect(said).toContain('it has "registry.internal:5000/library/qwen2.5:7b": set scorer.ollama.model')
  })
})
