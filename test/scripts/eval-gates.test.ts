// The bounds `npm run eval` checks on the intents set apply to the whole set and to each half, and triage's to the
// share of buyers and of other posts it sends on (scripts/eval/gates.ts, docs/scoring.md#evaluating-a-scorer).
import { describe, expect, test } from 'bun:test'
import { parseArgs } from '../../scripts/eval/args'
import { intentsGates, triageGates } from '../../scripts/eval/gates'
import type { IntentsResult } from '../../scripts/eval/intents'
import type { Triaged } from '../../scripts/eval/triage'

const figures = (macroF1: number, buyerRecall: number, offTopic: number, qm: number) => ({
  summary: { macroF1 } as IntentsResult['summary'],
  buyerRecall,
  offTopicQualified: offTopic,
  questionMentionQualified: qm,
})

describe('the evaluation gates', () => {
  test('a bound on the intents set is checked on the whole set and on each half', () => {
    const args = parseArgs(['--min-buyer-recall', '0.9', '--max-off-topic-qualified', '0.05'], '/d')
    const r = {
      ...figures(0.8, 0.92, 0.02, 0.05),
      halves: { A: figures(0.8, 0.95, 0, 0), B: figures(0.8, 0.89, 0.06, 0) },
    }
    const gates = intentsGates(args, r as unknown as IntentsResult)
    expect(gates.map((g) => [g.what, g.figure, g.floor])).toEqual([
      ['buyer recall', 0.92, true],
      ['off-topic qualified', 0.02, false],
      ['buyer recall (half A)', 0.95, true],
      ['off-topic qualified (half A)', 0, false],
      ['buyer recall (half B)', 0.89, true],
      ['off-topic qualified (half B)', 0.06, false],
    ])
  })

  test("triage's bounds read the buyers and the other posts sent on at the configured probability", () => {
    const args = parseArgs(['--min-triage-recall', '0.95', '--max-triage-others', '0.25'], '/d')
    const posts: Triaged[] = [
      { score: 0.9, group: 'ACTIVE', buyer: true },
      { score: 0.2, group: 'PAIN', buyer: true },
      { score: 0.5, group: 'MENTION', buyer: false },
      { score: 0.1, group: 'NONE', buyer: false },
    ]
    expect(triageGates(args, posts, 0.3).map((g) => [g.what, g.figure])).toEqual([
      ['triage buyer recall', 0.5],
      ['triage others sent on', 0.5],
    ])
    expect(triageGates(parseArgs([], '/d'), posts, 0.3)).toEqual([])
  })
})
