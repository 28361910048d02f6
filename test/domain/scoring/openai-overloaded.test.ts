import { expect, test } from 'bun:test'
import { fakesPerTest } from '../../support/fake-upstream'
import { refusingOpenAi } from '../../support/refusing-openai'
import { scoringCalls } from '../../support/scoring-calls'

// docs/scoring.md#fallback-and-timeouts: OpenAI's error-code guide lists 503 for a model without capacity (type
// service_unavailable_error, code server_is_overloaded) and for traffic that grew too fast ("Slow Down": reduce the
// request rate); it asks for a growing delay between retries when no Retry-After comes. The llama.cpp server answers
// 503 "Loading model" (type unavailable_error) while it loads (its README), which the next call should find over. The
// fake answers POST /v1/chat/completions with the 503 `mode` names, without Retry-After, else a completion.
const startFake = fakesPerTest()
const ERRORS = {
  overloaded: {
    message: 'The server is overloaded or not ready yet.',
    type: 'service_unavailable_error',
    param: null,
    code: 'server_is_overloaded',
  },
  loading: { code: 503, message: 'Loading model', type: 'unavailable_error' },
}
type Mode = { now: keyof typeof ERRORS | 'ok' }

async function setUp(mode: Mode) {
  const { fake, asked } = refusingOpenAi(startFake, () =>
    mode.now === 'ok' ? undefined : Response.json({ error: ERRORS[mode.now] }, { status: 503 }),
  )
  const openai = { base_url: `${fake.origin}/v1`, model: 'gpt-4o-mini' }
  return { asked, ...(await scoringCalls({ backend: 'openai', fallback: 'rules', openai })) }
}

test('an overloaded server (503 without Retry-After) is held off a few seconds, not asked by every call', async () => {
  const mode: Mode = { now: 'overloaded' }
  const { asked, recorded, score, later } = await setUp(mode)
  for (let i = 0; i < 4; i++) expect((await score()).scoredBy).toBe('rules')
  expect(asked()).toBe(1)
  const said = String(recorded.of('scorer_failed')[0]?.fields.err)
  expect(said).toContain('HTTP 503: The server is overloaded or not ready yet; it sent no Retry-After')
  later(3)
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('openai')
  expect(asked()).toBe(2)
})

test("the llama.cpp server's 503 while it loads is not held off: the next call asks again", async () => {
  const mode: Mode = { now: 'loading' }
  const { asked, score } = await setUp(mode)
  expect((await score()).scoredBy).toBe('rules')
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('openai')
  expect(asked()).toBe(2)
})
