import { expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest } from '../../support/fake-upstream'
import { refusingOpenAi } from '../../support/refusing-openai'
import { scoringCalls } from '../../support/scoring-calls'

// docs/scoring.md#fallback-and-timeouts: OpenAI's error-code guide lists two 429s. "Rate limit reached" (code
// rate_limit_exceeded): wait and ask again. "You exceeded your current quota" (type insufficient_quota): the account
// has no credit left, and asking again does not help until someone adds credit. Neither need carry Retry-After. The
// fake answers POST /v1/chat/completions with the 429 `mode` names, without Retry-After, else a completion.
const startFake = fakesPerTest()
const QUOTA = { message: 'You exceeded your current quota, please check your plan and billing details.' }
const ERRORS = {
  quota: { ...QUOTA, type: 'insufficient_quota', param: null, code: 'insufficient_quota' },
  rate: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' },
}

function server(mode: { now: keyof typeof ERRORS | 'ok' }) {
  return refusingOpenAi(startFake, () =>
    mode.now === 'ok' ? undefined : Response.json({ error: ERRORS[mode.now] }, { status: 429 }),
  )
}

async function setUp(mode: { now: keyof typeof ERRORS | 'ok' }) {
  const { fake, asked } = server(mode)
  const calls = await scoringCalls({
    backend: 'openai',
    fallback: 'rules',
    openai: { base_url: `${fake.origin}/v1`, model: 'gpt-4o-mini' },
  })
  return { asked, ...calls }
}

test('no credit: the calls keep off the server a minute, then longer each time, until a call is answered', async () => {
  const mode: { now: keyof typeof ERRORS | 'ok' } = { now: 'quota' }
  const { asked, recorded, score, later } = await setUp(mode)
  for (let i = 0; i < 5; i++) expect((await score()).scoredBy).toBe('rules')
  expect(asked()).toBe(1)
  expect(recorded.of('scorer_failed')).toHaveLength(1)
  const said = String(recorded.of('scorer_failed')[0]?.fields.err)
  expect(said).toContain('the account has no credit: add credit or change scorer.openai.api_key')
  later(61)
  expect((await score()).scoredBy).toBe('rules')
  expect(asked()).toBe(2)
  // The second refusal holds the calls off two minutes.
  later(61)
  await score()
  expect(asked()).toBe(2)
  later(60)
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('openai')
  expect(asked()).toBe(3)
  // A success starts the wait over at a minute.
  mode.now = 'quota'
  await score()
  later(61)
  await score()
  expect(asked()).toBe(5)
  expect(recorded.of('scorer_failed')).toHaveLength(2)
})

test('a rate limit without Retry-After keeps the calls off for a few seconds, not a minute', async () => {
  const mode: { now: keyof typeof ERRORS | 'ok' } = { now: 'rate' }
  const { asked, score, later } = await setUp(mode)
  for (let i = 0; i < 3; i++) await score()
  expect(asked()).toBe(1)
  later(5)
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('openai')
  expect(asked()).toBe(2)
})

test('scorer check says the account has no credit', async () => {
  const { fake } = server({ now: 'quota' })
  const env = {
    LEAD_SIGNALS_SCORER_BACKEND: 'openai',
    LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: `${fake.origin}/v1`,
    LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'gpt-4o-mini',
  }
  const r = await checkScorer(
    loadConfig({ env }),
    createLogger(() => {}),
  )
  expect(r.status).toBe('failed')
  expect(r.detail).toContain('HTTP 429')
  expect(r.detail).toContain('billing details: the account has no credit: add credit or change scorer.openai.api_key')
})

test('calls refused together count as one refusal: the wait is a minute, not doubled by each', async () => {
  const mode: { now: keyof typeof ERRORS | 'ok' } = { now: 'quota' }
  const { asked, score, later } = await setUp(mode)
  await Promise.all([score(), score(), score(), score()])
  const together = asked()
  later(61)
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('openai')
  expect(asked()).toBe(together + 1)
})
