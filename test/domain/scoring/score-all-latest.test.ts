// A search's scoring ends by the time it is given (docs/api.md#earlier-routes): the earlier search always scores,
// and its network's time is not bounded with scorer.timeout_ms at start-up, so scoreAll takes a latest end as well.
import { afterAll, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { slowOllama } from '../../support/slow-ollama'

const MODEL_MS = 400
// An Ollama that answers well within scorer.timeout_ms (5 s), each answer taking MODEL_MS.
const ollama = slowOllama(MODEL_MS)
afterAll(() => ollama.stop())

describe('scoring what a search found', () => {
  test('ends by the latest time given, with the embedded scorer answering what the model had not, though scorer.timeout_ms is longer', async () => {
    const { deps } = await testDeps({
      config: {
        scorer: {
          backend: 'ollama',
          fallback: 'rules',
          timeout_ms: 5_000,
          concurrency: 1,
          ollama: { host: ollama.origin },
        },
      },
    })
    const { team } = await seedTeam(deps)
    const inputs = Array.from({ length: 8 }, (_, i) => ({
      content: `We are looking for a CRM for our sales team of ${i + 3}, any recommendations?`,
      keyword: 'crm',
      icps: [],
    }))
    const started = performance.now()
    const scores = await deps.scoring.scoreAll(team.id, inputs, started + 600)
    // Eight answers one after another take 3.2 s; the latest end leaves room for one, perhaps two.
    expect(performance.now() - started).toBeLessThan(2_000)
    expect(scores).toHaveLength(8)
    expect(scores.filter((s) => s.scoredBy === 'ollama').length).toBeGreaterThanOrEqual(1)
    const standIns = scores.filter((s) => s.scoredBy === 'rules')
    expect(standIns.length).toBeGreaterThanOrEqual(5)
    for (const s of standIns)
      expect(s.reason).toEndWith(
        '(scored by the rules scorer: the ollama scorer could not answer within the search time)',
      )
  })
})
