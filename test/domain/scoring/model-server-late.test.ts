import { afterEach, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { loadingOllamas } from '../../support/fake-loading-ollama'
import { recordingLogger } from '../../support/log'

// docs/scoring.md#checking-the-model-server: `serve` has the model loaded ahead once its start-up check finds it. An
// Ollama that is down at that check and started later (a machine where both start at boot, lead-signals first) must
// have it loaded ahead too, once, when it first answers: otherwise the first posts pay a cold load, and fall back when
// it takes longer than scorer.timeout_ms. The fake follows Ollama's API documentation (support/fake-loading-ollama.ts).
const LOAD_MS = 400
const startOllama = loadingOllamas()
const others: { stop: (force: boolean) => void }[] = []
afterEach(() => {
  while (others.length) others.pop()?.stop(true)
})

/**
 * `serve`'s start-up check against a port nothing listens on yet (`hung`: a server there takes the request and answers
 * nothing); `score` as a post would be scored.
 */
async function startedWithoutServer(o: { hung?: boolean } = {}) {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => Bun.sleep(5000).then(() => new Response()) })
  const port = probe.port as number
  const recorded = recordingLogger()
  const { deps, clock } = await testDeps({
    config: { scorer: { backend: 'ollama', timeout_ms: 3000, ollama: { host: `http://127.0.0.1:${port}` } } },
    deps: { log: recorded.log },
  })
  const { team } = await seedTeam(deps)
  let n = 0
  const score = () =>
    deps.scoring.score(team.id, { content: `Our team needs a CRM this month (${n++}).`, keyword: 'crm', icps: [] })
  // Held until now, so that nothing else started meanwhile (the test's database) takes the port.
  if (!o.hung) await probe.stop(true)
  expect(await deps.scoring.checkModelServer()).toBe(false)
  await probe.stop(true)
  expect(recorded.of('model_server_unreachable')).toHaveLength(1)
  expect((await score()).scoredBy).toBe('rules')
  return { port, recorded, score, clock }
}

/** Scores until the model answers (or a second passes). */
async function untilModelAnswers(score: () => Promise<{ scoredBy: string }>) {
  let answer = await score()
  for (let i = 0; i < 50 && answer.scoredBy === 'rules'; i++) answer = await Bun.sleep(20).then(score)
  return answer.scoredBy
}

test('an Ollama that was down at the start-up check and starts later has the model loaded ahead once, said in the log', async () => {
  const { port, recorded, score } = await startedWithoutServer()
  const ollama = startOllama({ loadMs: LOAD_MS, port })
  expect(await untilModelAnswers(score)).toBe('ollama')
  // The load went ahead of the calls: sent once, by a request no call waits on, and told as at start.
  const messages = ollama.chats.map((c) => c.messages.length)
  expect(messages[0]).toBe(0)
  expect(messages.filter((m) => m === 0)).toHaveLength(1)
  await Bun.sleep(50)
  expect(recorded.lines.map((l) => l.event).filter((e) => e.startsWith('scorer_model_'))).toEqual([
    'scorer_model_loading',
    'scorer_model_loaded',
  ])
})

test('one that starts later without the model says so once, as the start-up check would, and calls then ask it', async () => {
  const { port, recorded, score } = await startedWithoutServer()
  // Ollama's answer for a model it does not have ("Errors"): 404 naming it, to /api/show and /api/chat alike.
  const asked: string[] = []
  const server = Bun.serve({
    port,
    hostname: '127.0.0.1',
    fetch(req) {
      asked.push(new URL(req.url).pathname)
      return Response.json({ error: "model 'qwen2.5:3b' not found" }, { status: 404 })
    },
  })
  others.push(server)
  for (let i = 0; i < 100 && !asked.includes('/api/chat'); i++) {
    expect((await score()).scoredBy).toBe('rules')
    await Bun.sleep(20)
  }
  expect(asked).toContain('/api/chat')
  const unavailable = recorded.of('model_unavailable')
  expect(unavailable).toHaveLength(1)
  expect(String(unavailable[0]?.fields.message)).toContain('ollama pull qwen2.5:3b')
  expect(recorded.of('scorer_model_loading')).toHaveLength(0)
})

test('one that hung at the start-up check has the model loaded ahead when the check ending its rest finds it', async () => {
  const { port, recorded, score, clock } = await startedWithoutServer({ hung: true })
  const ollama = startOllama({ loadMs: LOAD_MS, port })
  clock.set(new Date(clock.now().getTime() + 15_000))
  expect(await untilModelAnswers(score)).toBe('ollama')
  expect(ollama.chats.filter((c) => c.messages.length === 0)).toHaveLength(1)
  expect(recorded.of('scorer_model_loading')).toHaveLength(1)
})
