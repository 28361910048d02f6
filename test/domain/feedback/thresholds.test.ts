// domain/feedback/thresholds.ts on its own: each keyword's threshold from a team's verdicts, the keyword compared
// without case, the default where there are none (docs/scoring.md#tuning-by-verdicts).
import { describe, expect, test } from 'bun:test'
import { byKeyword, teamThresholds, thresholdOf, type VerdictRow } from '../../../src/domain/feedback/thresholds'

const rows = (keywordLc: string, n: number, relevantFrom: number): VerdictRow[] =>
  Array.from({ length: n }, (_, i) => ({
    keywordLc,
    score: i % 11,
    intent: 'ACTIVE',
    verdict: i % 11 >= relevantFrom ? 'relevant' : 'not_relevant',
  }))

const fromRows = (verdicts: VerdictRow[]) => ({
  repos: { signalFeedback: { verdicts: async () => verdicts } },
})

describe("a team's thresholds", () => {
  test('verdicts are grouped by keyword', () => {
    const groups = byKeyword([...rows('crm', 3, 5), ...rows('erp', 2, 5)])
    expect([...groups.keys()]).toEqual(['crm', 'erp'])
    expect(groups.get('crm')).toHaveLength(3)
  })

  test('a keyword with enough verdicts gets its tuned threshold, whatever the case it is asked in', async () => {
    const verdicts = rows('crm', 44, 8)
    const thresholds = await teamThresholds(fromRows(verdicts) as never, 'team', 6)
    const tuned = thresholdOf(verdicts, 6)
    expect(tuned.tuned).toBe(true)
    // Relevant from a score of 8 and not below: the F1-best cut lies between 7 and 8.
    expect(tuned.value).toBe(7.5)
    expect(thresholds('CRM')).toEqual(tuned)
    expect(thresholds('crm')).toEqual(tuned)
  })

  test('a keyword without verdicts, or with too few, keeps the default', async () => {
    const thresholds = await teamThresholds(fromRows(rows('crm', 5, 8)) as never, 'team', 6)
    expect(thresholds('erp')).toEqual({ value: 6, default: 6, tuned: false, verdicts: 0, offIntents: [] })
    expect(thresholds('crm')).toMatchObject({ value: 6, tuned: false, verdicts: 5 })
  })
})
