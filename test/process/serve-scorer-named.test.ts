// docs/scoring.md#checking-the-model-server: serve's start said which scorer judges posts only when its model could
// not: an air-gapped site with its own OpenAI-compatible server on 127.0.0.1 (and Ollama's address left pointing at
// nothing) found, on a start that worked, no line naming the scorer, its model or where it answers, and could not tell
// from the log whether its model or the embedded scorer was in use. A start whose model answers now says so, once:
// scorer_ready with the backend, the model and the server's origin. The embedded scorer alone says it too. The fake
// follows OpenAI's API reference (GET /v1/models, POST /v1/chat/completions): test/support/fake-openai.ts.
import { afterEach, expect, test } from 'bun:test'
import { fakeOpenAi } from '../support/fake-openai'
import { REFUSED_ORIGIN } from '../support/refused'
import { processWorld, spawnChild } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const events = (stderr: string, event: string) =>
  stderr
    .split('\n')
    .filter((l) => l.includes(`"event":"${event}"`))
    .map((l) => JSON.parse(l) as Record<string, unknown>)

async function started(scorer: Record<string, unknown>, until: string) {
  const world = processWorld({ server: { host: '127.0.0.1', port: 0 }, scorer, polling: { enabled: false } })
  cleanup.push(() => world.cleanup())
  const child = spawnChild(world, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  await child.waitForOutput(until, (o) => o.stderr.includes(`"event":"${until}"`))
  return child
}

test('a model that answers at start is named: backend, model and where, in one line', async () => {
  const model = fakeOpenAi()
  cleanup.push(() => model.stop())
  const child = await started(
    { backend: 'openai', openai: { base_url: model.baseUrl, model: 'site-model' }, ollama: { host: REFUSED_ORIGIN } },
    'scorer_ready',
  )
  const ready = events(child.stderr(), 'scorer_ready')
  expect(ready).toHaveLength(1)
  expect(ready[0]).toMatchObject({
    level: 'info',
    scorer: 'openai',
    model: 'site-model',
    at: new URL(model.baseUrl).origin,
  })
  // Nothing of Ollama, which is not the configured backend.
  expect(child.stderr()).not.toContain('ollama')
}, 60_000)

test('the embedded scorer configured alone is named too, with no model server', async () => {
  const child = await started({ backend: 'rules' }, 'scorer_ready')
  expect(events(child.stderr(), 'scorer_ready')).toEqual([
    expect.objectContaining({ level: 'info', scorer: 'rules', model: 'embedded' }),
  ])
}, 60_000)
