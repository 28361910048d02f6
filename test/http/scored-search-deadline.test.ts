// The scored search keeps to its bound with a slow model (docs/api.md#scored-variant): the platform's time, then
// scorer.timeout_ms for all the scoring together, not for each mention.
import { afterAll, describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { slowOllama } from '../support/slow-ollama'

const FOUND = 20
const MODEL_MS = 400
const TIMEOUT_MS = 1_000

// Hacker News finds FOUND comments asking for a CRM, others at each search: the model's stored answers to one search
// do not answer the next.
let searches = 0
const hackerNews = fakeUpstream(() => {
  searches++
  return Response.json({
    hits: Array.from({ length: FOUND }, (_, i) => ({
      objectID: `h${searches}-${i}`,
      author: `user${i}`,
      comment_text: `We are looking for a CRM for our sales team of ${i + 2}, any recommendations? (${searches})`,
      created_at: `2026-11-${String(10 + (i % 10)).padStart(2, '0')}T00:00:00.000Z`,
    })),
    nbHits: FOUND,
    page: 0,
    nbPages: 1,
  })
})
// An Ollama that answers each question well within scorer.timeout_ms, but takes MODEL_MS for it: at concurrency 2,
// the FOUND mentions would take FOUND / 2 × MODEL_MS (4 s), four times the timeout.
const ollama = slowOllama(MODEL_MS)
afterAll(() => {
  hackerNews.stop()
  ollama.stop()
})

async function setup(fallback: 'rules' | 'none') {
  const { deps } = await testDeps({
    config: {
      api: { search_variant: 'scored' },
      platforms: { hackernews: { base_url: hackerNews.origin } },
      scorer: { backend: 'ollama', fallback, timeout_ms: TIMEOUT_MS, concurrency: 2, ollama: { host: ollama.origin } },
    },
  })
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  return {
    search: () =>
      call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'hackernews' } }),
    score: () =>
      call('POST', '/api/v1/leads/score', {
        key: apiKey,
        body: { content: 'Which CRM would you recommend for a team of five?', keyword: 'crm' },
      }),
    used: async () => (await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used as number,
  }
}

// Generous for a loaded machine, and still far under the 4 s that scoring every mention with the model takes.
const BOUND_MS = TIMEOUT_MS + 1_200

/**
 * One search, which must answer within BOUND_MS, after one the same that is not timed: a process's first search
 * builds the embedded scorer's tables and runs its first request through the app and the database, one-off work that
 * on a loaded host (two cores, other suites beside) took 2 to 5 s beyond the bound (failed 1 of 5 under load; CI's
 * own runs took up to 1.8 s of the 2.2 s).
 */
async function searchInTime(world: Awaited<ReturnType<typeof setup>>) {
  await world.search()
  const started = performance.now()
  const r = await world.search()
  expect(performance.now() - started).toBeLessThan(BOUND_MS)
  return r
}

describe('a scored search with a slow model', () => {
  test('answers within scorer.timeout_ms of scoring: the mentions the model has not read by then are scored by the embedded scorer', async () => {
    const world = await setup('rules')
    const r = await searchInTime(world)
    expect(r.status).toBe(200)
    expect(r.body.total).toBe(FOUND)
    const reasons: string[] = r.body.results.map((x: { aiReason: string }) => x.aiReason)
    const byModel = reasons.filter((x) => x === 'the model read it')
    const standIns = reasons.filter((x) =>
      x.endsWith('(scored by the embedded scorer: the Ollama model server could not answer within the search time)'),
    )
    expect(byModel.length).toBeGreaterThan(0)
    expect(standIns.length).toBeGreaterThan(0)
    expect(byModel.length + standIns.length).toBe(FOUND)
    // The model was slow for this search, not down: the next call still asks it.
    const next = await world.score()
    expect(next.headers.get('x-scorer')).toBe('ollama')
  })

  test('with scorer.fallback = "none": 503 scorer_unavailable within the same bound, nothing charged', async () => {
    const world = await setup('none')
    const r = await searchInTime(world)
    expect(r.status).toBe(503)
    expect(r.body.error.code).toBe('scorer_unavailable')
    expect(r.body.error.message).toContain('within the search time')
    expect(await world.used()).toBe(0)
  })
})
