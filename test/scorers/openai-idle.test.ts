import { afterEach, expect, setSystemTime, test } from 'bun:test'
import { loadConfig } from '../../src/config/load'
import { silentLogger } from '../support/log'
import { buildScorer } from '../../src/scorers/registry'
import { lmStudios } from '../support/fake-lm-studio'

// docs/scoring.md#checking-the-model-server: the openai scorer lets one request go first until the server has answered,
// as LM Studio loads a copy of the model per request arriving during a just-in-time load. LM Studio unloads such a
// model after its idle TTL (its documentation, "Idle TTL and Auto-Evict": 60 minutes without a request by default, and
// any time set with `lms load --ttl` or a request's `ttl`): the next burst then finds it unloaded, and would load
// as many copies as calls went at once.
const LOAD_MS = 300
const startLmStudio = lmStudios()
afterEach(() => setSystemTime())

const input = { content: 'Our team needs a CRM this month.', keyword: 'crm', icps: [] }

async function scorerFor(baseUrl: string) {
  const env = {
    LEAD_SIGNALS_SCORER_BACKEND: 'openai',
    LEAD_SIGNALS_SCORER_OPENAI_BASE_URL: baseUrl,
    LEAD_SIGNALS_SCORER_OPENAI_MODEL: 'qwen3-8b',
  }
  return buildScorer(loadConfig({ env }), silentLogger)
}

const four = (scorer: Awaited<ReturnType<typeof scorerFor>>) =>
  Promise.all([1, 2, 3, 4].map(() => scorer.score(input, AbortSignal.timeout(LOAD_MS * 5))))

test('after a long quiet time, in which the server may have unloaded the model, the first call goes alone again', async () => {
  const server = startLmStudio(LOAD_MS)
  const scorer = await scorerFor(server.baseUrl)
  expect((await scorer.score(input, AbortSignal.timeout(LOAD_MS * 5))).score).toBe(8)
  expect(server.seen.loads).toBe(1)
  // An hour and a minute without a request: LM Studio's default idle TTL unloaded the model.
  setSystemTime(new Date(Date.now() + 61 * 60_000))
  server.unload()
  expect((await four(scorer)).map((s) => s.score)).toEqual([8, 8, 8, 8])
  expect(server.seen.loads).toBe(2)
})

test('calls a minute apart go at once, as the model is kept: scorer.concurrency of them', async () => {
  const server = startLmStudio(LOAD_MS)
  const scorer = await scorerFor(server.baseUrl)
  await scorer.score(input, AbortSignal.timeout(LOAD_MS * 5))
  setSystemTime(new Date(Date.now() + 60_000))
  server.seen.mostAtOnce = 0
  await four(scorer)
  expect(server.seen.mostAtOnce).toBe(4)
})
