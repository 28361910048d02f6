// A search's scoring ends by the time it is given (docs/api.md#earlier-routes): the earlier search always scores,
// and its network's time is not bounded with scorer.timeout_ms at start-up, so scoreAll takes a latest end as well.
import { afterAll, describe, expect, test } from 'bun:test'
import { createRulesScorer } from '../../../src/scorers/rules/index'
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
    // The embedded scorer's tables are built on its first use in a process (word-index.ts), which is not what is timed
    // here: with it, a loaded host (two cores, other suites beside) took 6.5 s for the 2 s below (failed 1 of 1 under
    // load). Built first, the stand-ins cost milliseconds.
    await createRulesScorer().score({ content: 'a first post', icps: [] }, new AbortController().signal)
    /** Eight questions asked in round `n` (others each time: an answer of the model's is stored), to end in 600 ms. */
    const scoreEight = async (n: number) => {
      const inputs = Array.from({ length: 8 }, (_, i) => ({
        content: `We are looking for a CRM for our sales team of ${i + 3}, any recommendations? (${n})`,
        keyword: 'crm',
        icps: [],
      }))
      const started = performance.now()
      const scores = await deps.scoring.scoreAll(team.id, inputs, started + 600)
      const ms = performance.now() - started
      expect(scores).toHaveLength(8)
      const standIns = scores.filter((s) => s.scoredBy === 'rules')
      expect(standIns.length).toBeGreaterThanOrEqual(5)
      for (const s of standIns)
        expect(s.reason).toEndWith(
          '(scored by the embedded scorer: the Ollama model server could not answer within the search time)',
        )
      return { ms, byModel: scores.filter((s) => s.scoredBy === 'ollama').length }
    }
    // The model's one answer of 400 ms has 200 ms to spare: a loaded host's first call to it took longer, and the
    // model answered none (failed 1 of 4 under load); another round took 2.1 s. Such a round is tried again, each with
    // its eight answers; a search that never waits for the model gets none at every round, and one that waits for
    // every answer (3.2 s) or for scorer.timeout_ms is late at every round.
    let round = await scoreEight(0)
    for (let i = 1; i < 3 && (round.byModel === 0 || round.ms >= 2_000); i++) round = await scoreEight(i)
    // Eight answers one after another take 3.2 s; the latest end leaves room for one, perhaps two.
    expect(round.ms).toBeLessThan(2_000)
    expect(round.byModel).toBeGreaterThanOrEqual(1)
  })
})
