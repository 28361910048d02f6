// docs/scoring.md#fallback-and-timeouts: a model server that takes the connection and never answers cost every score
// call the whole scorer.timeout_ms before the fallback. After one call runs out of time the model rests: calls answer
// at once without asking it, and a check of the server every 15 s ends the rest when it answers again.
import { afterAll, expect, test } from 'bun:test'
import { buildDeps } from '../../src/deps'
import { manualClock } from '../support/clock'
import { seedTeam, testConfig } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { client } from '../support/http'
import { silentLogger } from '../support/log'

let hung = true
// Ollama as its API documentation describes it: POST /api/show for a pulled model, POST /api/chat with the reply in
// message.content. Hung, it takes the request and answers nothing for longer than any timeout here.
const ollama = fakeUpstream(async (req) => {
  if (hung) await Bun.sleep(5000)
  if (req.url.pathname === '/api/show') return Response.json({ details: { family: 'qwen2', parameter_size: '3.1B' } })
  return Response.json({
    model: 'qwen2.5:3b',
    created_at: '2026-12-04T00:00:00Z',
    message: {
      role: 'assistant',
      content: JSON.stringify({ intent: 'ACTIVE', score: 8.5, icpMatch: null, reason: 'asks for a CRM' }),
    },
    done: true,
  })
})
afterAll(() => ollama.stop())

const asked = (path: string) => ollama.received.filter((r) => r.url.pathname === path).length
// A score call's /api/chat carries messages; a load of the model (Ollama's API documentation, "Load a model") none.
const chats = (load = false) =>
  ollama.received.filter((r) => r.url.pathname === '/api/chat' && (JSON.parse(r.body).messages.length === 0) === load)
    .length

test('after a call times out, calls answer at once without the model until a check finds the server answering', async () => {
  const clock = manualClock(new Date())
  const config = testConfig({
    scorer: { backend: 'ollama', timeout_ms: 400, fallback: 'rules', ollama: { host: ollama.origin } },
  })
  const deps = await buildDeps(config, { log: silentLogger, clock })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  let n = 0
  const score = async () => {
    const started = performance.now()
    const r = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      body: { content: `We need a CRM for our sales team of ten, any recommendations? (${n++})`, keyword: 'crm' },
    })
    return { by: r.headers.get('x-scorer'), status: r.status, ms: performance.now() - started }
  }

  const first = await score()
  expect(first).toMatchObject({ status: 200, by: 'rules' })
  expect(first.ms).toBeGreaterThanOrEqual(390)
  expect(chats()).toBe(1)
  // The call may have been waiting for the model to load, which Ollama abandons with its caller: it is loaded by a
  // request no call waits on (docs/scoring.md#checking-the-model-server).
  for (let i = 0; i < 50 && chats(true) === 0; i++) await Bun.sleep(10)
  expect(chats(true)).toBe(1)

  // Resting: the rules answer without waiting, and the model is not asked, nor its server checked before 15 s.
  for (let i = 0; i < 3; i++) {
    const r = await score()
    expect(r).toMatchObject({ status: 200, by: 'rules' })
    expect(r.ms).toBeLessThan(300)
  }
  expect(chats()).toBe(1)
  expect(chats(true)).toBe(1)
  expect(asked('/api/show')).toBe(0)

  // The server answers again; 15 s later a call starts one check in the background and is itself answered at once.
  hung = false
  clock.set(new Date(clock.now().getTime() + 15_000))
  const during = await score()
  expect(during).toMatchObject({ status: 200, by: 'rules' })
  expect(during.ms).toBeLessThan(300)
  for (let i = 0; i < 50 && asked('/api/show') === 0; i++) await Bun.sleep(20)
  expect(asked('/api/show')).toBe(1)

  // The check found the server answering: the next call asks the model again.
  let after = await score()
  for (let i = 0; i < 20 && after.by !== 'ollama'; i++) {
    await Bun.sleep(20)
    after = await score()
  }
  expect(after).toMatchObject({ status: 200, by: 'ollama' })
  expect(chats()).toBe(2)
  expect(asked('/api/show')).toBe(1)
})
