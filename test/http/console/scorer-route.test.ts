// GET /console/api/scorer (docs/console.md#routes): what the model is doing now, for the Signals page's notice that the
// embedded scorer stood in. A load under way is told apart from a server down, a model missing and a model too slow,
// with since when; no address nor message of the model server is in it. The fakes follow Ollama's API documentation
// (test/support/fake-loading-ollama.ts; a model not pulled is a 404 {"error": …} naming it, "Errors").
import { afterEach, expect, test } from 'bun:test'
import type { ConfigInput } from '../../../src/config/schema'
import { type DeepPartial, seedTeam, testDeps } from '../../support/deps'
import { scorerRoute } from '../../support/console-scorer'
import { loadingOllamas } from '../../support/fake-loading-ollama'
import { REFUSED_ORIGIN } from '../../support/refused'

const startOllama = loadingOllamas()
const others: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (others.length) others.pop()?.stop(true)
})

async function serving(scorer: DeepPartial<ConfigInput['scorer']>) {
  const { deps, clock } = await testDeps({ config: { scorer: { timeout_ms: 200, ...scorer } } })
  const { team } = await seedTeam(deps, { name: 'acme' })
  const condition = await scorerRoute(deps)
  const score = () => deps.scoring.score(team.id, { content: 'Our team needs a CRM this month.', icps: [] })
  return { deps, clock, condition, score }
}

test('the embedded scorer alone: no model to tell of', async () => {
  const { condition } = await serving({ backend: 'rules' })
  expect(await condition()).toEqual({
    backend: 'rules',
    model: null,
    fallback: 'rules',
    state: 'embedded',
    since: null,
  })
})

test('a load under way is told with since when, and the model answering after it', async () => {
  const ollama = startOllama({ loadMs: 600 })
  const { deps, condition, score } = await serving({ backend: 'ollama', ollama: { host: ollama.origin } })
  await deps.scoring.checkModelServer()
  await Bun.sleep(50)
  const loading = await condition()
  expect(loading).toMatchObject({ backend: 'ollama', model: 'qwen2.5:3b', state: 'loading' })
  expect(Date.now() - Date.parse(loading.since)).toBeLessThan(5000)
  // Once loaded (600 ms) the model answers. Each try has the 200 ms timeout, which a busy machine can pass: a few
  // tries, each a chance for the model to answer, and the condition read after the first answer.
  await Bun.sleep(700)
  let scoredBy = (await score()).scoredBy
  for (let tries = 1; scoredBy !== 'ollama' && tries < 10; tries++) {
    await Bun.sleep(250)
    scoredBy = (await score()).scoredBy
  }
  expect(scoredBy).toBe('ollama')
  expect(await condition()).toMatchObject({ state: 'answering', since: null })
})

test('a server down, and a model not pulled, each with since when', async () => {
  const down = await serving({ backend: 'ollama', ollama: { host: REFUSED_ORIGIN } })
  await down.deps.scoring.checkModelServer()
  expect(await down.condition()).toMatchObject({ state: 'unreachable', since: '2026-11-15T12:00:00.000Z' })
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () => Response.json({ error: 'model "qwen2.5:3b" not found, try pulling it first' }, { status: 404 }),
  })
  others.push(server)
  const missing = await serving({ backend: 'ollama', ollama: { host: server.url.origin } })
  await missing.deps.scoring.checkModelServer()
  expect(await missing.condition()).toMatchObject({ state: 'model_missing', model: 'qwen2.5:3b' })
})

test('a loaded model too slow for scorer.timeout_ms is timing out, then slow, never loading', async () => {
  const ollama = startOllama({ loadMs: 50, loaded: true, answerMs: 1500 })
  const { deps, condition, score } = await serving({ backend: 'ollama', ollama: { host: ollama.origin } })
  await deps.scoring.checkModelServer()
  expect((await score()).scoredBy).toBe('rules')
  // Timing out until the load request the timeout sent is answered, at once for a model in memory: then slow. How
  // soon depends on the machine and the database (on sqld it was answered before the first read), so each state seen
  // is kept rather than the first one asserted.
  const seen = new Set<string>()
  for (let i = 0; i < 100 && !seen.has('slow'); i++) {
    seen.add((await condition()).state)
    await Bun.sleep(50)
  }
  expect([...seen].filter((state) => state !== 'timing_out')).toEqual(['slow'])
})
