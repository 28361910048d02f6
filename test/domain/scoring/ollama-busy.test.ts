import { expect, test } from 'bun:test'
import { loadConfig } from '../../../src/config/load'
import { checkScorer } from '../../../src/domain/scoring/scorer-check'
import { createLogger } from '../../../src/lib/log'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { scoringCalls } from '../../support/scoring-calls'

// docs/scoring.md#fallback-and-timeouts: Ollama's FAQ says a server whose queue is full (OLLAMA_MAX_QUEUE) answers
// 503, with {"error": "server busy, please try again.  maximum pending requests exceeded"}; its errors documentation
// lists 429 for a rate limit. Neither carries Retry-After. The fake answers POST /api/show for the model, and
// POST /api/chat with the refusal `mode` names while it is set, else a chat answer.
const startFake = fakesPerTest()
const BUSY = 'server busy, please try again.  maximum pending requests exceeded'
type Mode = { now: 'busy' | 'rate' | 'ok' }

function busyOllama(mode: Mode) {
  const fake = startFake((req: Received) => {
    if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2' } })
    if (req.url.pathname !== '/api/chat') return Response.json({ models: [] })
    if (mode.now === 'busy') return Response.json({ error: BUSY }, { status: 503 })
    if (mode.now === 'rate') return Response.json({ error: 'too many requests' }, { status: 429 })
    const content = JSON.stringify({ intent: 'ACTIVE', score: 8, icpMatch: null, reason: 'Looking for a CRM.' })
    const message = { role: 'assistant', content }
    return Response.json({ model: 'qwen2.5:3b', created_at: '2026-12-08T00:00:00Z', message, done: true })
  })
  const asked = () => fake.received.filter((r) => r.url.pathname === '/api/chat').length
  return { fake, asked }
}

async function setUp(mode: Mode) {
  const { fake, asked } = busyOllama(mode)
  const calls = await scoringCalls({
    backend: 'ollama',
    fallback: 'rules',
    ollama: { host: fake.origin, model: 'qwen2.5:3b' },
  })
  return { asked, ...calls }
}

test("Ollama's full queue (503) keeps the calls off it for a while, longer if it is still full", async () => {
  const mode: Mode = { now: 'busy' }
  const { asked, recorded, score, later } = await setUp(mode)
  for (let i = 0; i < 5; i++) expect((await score()).scoredBy).toBe('rules')
  // One call met the full queue; the four after it did not add to it.
  expect(asked()).toBe(1)
  expect(recorded.of('scorer_failed')).toHaveLength(1)
  const said = String(recorded.of('scorer_failed')[0]?.fields.err)
  expect(said).toContain(`HTTP 503: ${BUSY}; it sent no Retry-After: no call asks it for 2 s`)
  later(3)
  await score()
  expect(asked()).toBe(2)
  // Still full: the second wait is twice the first.
  later(3)
  await score()
  expect(asked()).toBe(2)
  later(2)
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('ollama')
  expect(asked()).toBe(3)
})

test("Ollama's 429 is held off as an OpenAI-compatible server's is", async () => {
  const mode: Mode = { now: 'rate' }
  const { asked, score, later } = await setUp(mode)
  for (let i = 0; i < 3; i++) await score()
  expect(asked()).toBe(1)
  later(3)
  mode.now = 'ok'
  expect((await score()).scoredBy).toBe('ollama')
  expect(asked()).toBe(2)
})

test('scorer check says the Ollama server is busy and that the calls wait', async () => {
  const { fake } = busyOllama({ now: 'busy' })
  const env = { LEAD_SIGNALS_SCORER_OLLAMA_HOST: fake.origin, LEAD_SIGNALS_SCORER_OLLAMA_MODEL: 'qwen2.5:3b' }
  const r = await checkScorer(
    loadConfig({ env }),
    createLogger(() => {}),
  )
  expect(r.status).toBe('failed')
  expect(r.detail).toContain(`HTTP 503: ${BUSY}; it sent no Retry-After: no call asks it for 2 s`)
})
