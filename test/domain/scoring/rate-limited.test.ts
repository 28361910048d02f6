import { expect, test } from 'bun:test'
import { AppError } from '../../../src/errors'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest, type Received } from '../../support/fake-upstream'
import { recordingLogger } from '../../support/log'

// docs/scoring.md#fallback-and-timeouts: OpenAI answers a rate limit with HTTP 429, an error object whose code is
// rate_limit_exceeded and a Retry-After header; its help article on 429 errors says the unsuccessful requests count
// against the per-minute limit, so asking again at once keeps the limit spent. The fake follows that: GET /v1/models
// lists the model, POST /v1/chat/completions answers 429 with Retry-After 20 while limited, else a completion.
const startFake = fakesPerTest()

function limitedServer() {
  const state = { limited: true }
  const server = startFake((req: Received) => {
    if (req.url.pathname === '/v1/models') return Response.json({ object: 'list', data: [{ id: 'gpt-4o-mini' }] })
    if (state.limited) {
      const error = {
        message: 'Rate limit reached for gpt-4o-mini in organization org-x on requests per min (RPM): Limit 3.',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      }
      return Response.json({ error }, { status: 429, headers: { 'retry-after': '20' } })
    }
    const content = JSON.stringify({ intent: 'ACTIVE', score: 8, icpMatch: null, reason: 'Looking for a CRM.' })
    const choice = { index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }
    return Response.json({ id: 'chatcmpl-1', object: 'chat.completion', choices: [choice] })
  })
  const asked = () => server.received.filter((r) => r.url.pathname.endsWith('/chat/completions')).length
  return { server, state, asked }
}

async function setUp(fallback: 'rules' | 'none') {
  const { server, state, asked } = limitedServer()
  const recorded = recordingLogger()
  const openai = { base_url: `${server.origin}/v1`, model: 'gpt-4o-mini' }
  const { deps, clock } = await testDeps({
    config: { scorer: { backend: 'openai', fallback, openai } },
    deps: { log: recorded.log },
  })
  const { team } = await seedTeam(deps)
  let n = 0
  const score = () =>
    deps.scoring.score(team.id, { content: `We need a CRM this month (${n++}).`, keyword: 'crm', icps: [] })
  return { deps, clock, state, asked, recorded, score }
}

test('a 429 with Retry-After holds the calls off the server for that long, then the model answers again', async () => {
  const { clock, state, asked, recorded, score } = await setUp('rules')
  for (let i = 0; i < 5; i++) expect((await score()).scoredBy).toBe('rules')
  // One request met the limit; the four after it did not spend the limit further.
  expect(asked()).toBe(1)
  expect(recorded.of('scorer_failed')).toHaveLength(1)
  const said = String(recorded.of('scorer_failed')[0]?.fields.err)
  expect(said).toContain('HTTP 429')
  // The line says why the calls after it do not reach the model: the server asked them to wait.
  expect(said).toContain('Limit 3; it asked to be asked again in 20 s (Retry-After): no call asks it until then')

  state.limited = false
  clock.set(new Date(clock.now().getTime() + 21_000))
  const after = await score()
  expect(after.scoredBy).toBe('openai')
  expect(asked()).toBe(2)
  expect(recorded.of('scorer_recovered')).toHaveLength(1)
})

test('with fallback "none", the 503 of a held call says when the server asked to be asked again', async () => {
  const { clock, asked, score } = await setUp('none')
  await expect(score()).rejects.toBeInstanceOf(AppError)
  clock.set(new Date(clock.now().getTime() + 5_000))
  const held = await score().catch((err: unknown) => err)
  expect(held).toBeInstanceOf(AppError)
  expect((held as AppError).kind).toBe('scorer_unavailable')
  expect((held as AppError).extra.retryAfterSec).toBe(15)
  expect(asked()).toBe(1)
})
