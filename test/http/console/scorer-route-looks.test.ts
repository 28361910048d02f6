// GET /console/api/scorer (docs/console.md#settings): what Settings and the Signals page say of the model was only what
// the last call or check told. A model server stopped after its last call still read "The model answers" until the
// next call, which on a quiet site (an air-gapped one whose sources cannot be reached, nothing polled) never came. When
// nothing has told the model's condition for 15 s, the route now asks its server as the start-up check does. The fake
// is test/support/fake-openai.ts (OpenAI's API reference: GET /v1/models, POST /v1/chat/completions).
import { afterEach, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { scorerRoute } from '../../support/console-scorer'
import { fakeOpenAi } from '../../support/fake-openai'

let model: ReturnType<typeof fakeOpenAi> | undefined
afterEach(() => model?.stop())

async function serving() {
  model = fakeOpenAi()
  const scorer = {
    backend: 'openai' as const,
    timeout_ms: 2000,
    openai: { base_url: model.baseUrl, model: 'gpt-test' },
  }
  const { deps, clock } = await testDeps({ config: { scorer } })
  const { team } = await seedTeam(deps, { name: 'acme' })
  const condition = await scorerRoute(deps)
  const score = (content = 'Can anyone recommend a CRM?') => deps.scoring.score(team.id, { content, icps: [] })
  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms))
  return { deps, condition, score, later }
}

test('a model server stopped since its last answer is told as unreachable once 15 s have passed, not as answering', async () => {
  const { deps, condition, score, later } = await serving()
  await deps.scoring.checkModelServer()
  expect((await score()).scoredBy).toBe('openai')
  expect(await condition()).toMatchObject({ backend: 'openai', state: 'answering', since: null })
  model?.stop()
  // Within 15 s of the answer, the answer is the word: no look at the server.
  later(10_000)
  expect(await condition()).toMatchObject({ state: 'answering' })
  later(6_000)
  const read = await condition()
  expect(read).toMatchObject({ backend: 'openai', model: 'gpt-test', state: 'unreachable' })
  expect(read.since).toBe(new Date(Date.parse('2026-11-15T12:00:00.000Z') + 16_000).toISOString())
  // A call of a text not asked before (an answer is stored) then fails as before: the rules scorer stands in.
  expect((await score('Can anyone recommend a helpdesk?')).scoredBy).toBe('rules')
})

test('a server that still answers reads as answering after the look, which sends it no scoring call', async () => {
  const { deps, condition, later } = await serving()
  await deps.scoring.checkModelServer()
  later(20_000)
  expect(await condition()).toMatchObject({ state: 'answering', since: null })
  expect(await condition()).toMatchObject({ state: 'answering', since: null })
  expect(model?.calls()).toBe(0)
})

test('a model server started again is told as answering once 15 s have passed, not as unreachable', async () => {
  const { deps, condition, score, later } = await serving()
  await deps.scoring.checkModelServer()
  const port = Number(new URL(model?.baseUrl ?? '').port)
  model?.stop()
  expect((await score()).scoredBy).toBe('rules')
  expect(await condition()).toMatchObject({ state: 'unreachable' })
  model = fakeOpenAi({ port })
  later(16_000)
  expect(await condition()).toMatchObject({ state: 'answering', since: null })
  expect((await score('Can anyone recommend a helpdesk?')).scoredBy).toBe('openai')
})

test('calls that failed on a server that lists its models are left to the calls: still failing after 15 s', async () => {
  const { deps, condition, score, later } = await serving()
  await deps.scoring.checkModelServer()
  model?.fail(true)
  expect((await score()).scoredBy).toBe('rules')
  later(16_000)
  expect(await condition()).toMatchObject({ state: 'failing' })
})
