import { describe, expect, test } from 'bun:test'
import {
  f1At,
  intentsTurnedOff,
  MIN_INTENT_VERDICTS,
  MIN_VERDICTS,
  tunedThreshold,
} from '../../../src/domain/feedback/tuning'

const judged = (pairs: [number, boolean][]) => pairs.map(([score, relevant]) => ({ score, relevant }))
const times = <T>(n: number, items: T[]) => Array.from({ length: n }, () => items).flat()

describe('a keyword threshold from verdicts', () => {
  test('below 20 verdicts the default stands', () => {
    const few = judged(times(19, [[6, false]]))
    expect(tunedThreshold(few, 6)).toEqual({ value: 6, default: 6, tuned: false, verdicts: 19, offIntents: [] })
    expect(MIN_VERDICTS).toBe(20)
  })

  test('the F1-best value, the nearest to the default among equals', () => {
    // Relevant from 7 up: every threshold in (6.5, 7] separates them; 7 is the candidate nearest 6.
    const v = judged(
      times(5, [
        [6, false],
        [6.5, false],
        [7, true],
        [9, true],
      ]),
    )
    expect(tunedThreshold(v, 6)).toEqual({ value: 7, default: 6, tuned: true, verdicts: 20, offIntents: [] })
    expect(f1At(v, 7).f1).toBe(1)
  })

  test('bounded to 2 points either side of the default', () => {
    // Nothing relevant: F1 is 0 everywhere, so fewer wrongly qualified wins: the lowest value above them all.
    expect(tunedThreshold(judged(times(20, [[7, false]])), 6).value).toBe(7.5)
    // Above the range's top nothing can keep them out: the default stays.
    expect(tunedThreshold(judged(times(20, [[9, false]])), 6).value).toBe(6)
    const allGood = judged(times(20, [[6, true]]))
    expect(tunedThreshold(allGood, 6).value).toBe(6)
    // Relevant ones at 3 are in reach from a default of 5 only down to 3; 9.5 + 2 stops at 10.
    expect(
      tunedThreshold(
        judged(
          times(10, [
            [3, true],
            [4.5, false],
          ]),
        ),
        5,
      ).value,
    ).toBe(3)
    expect(tunedThreshold(judged(times(20, [[9.8, false]])), 9.5).value).toBe(10)
  })

  // docs/scoring.md#tuning-by-verdicts: the values tried are the default and half points either side of it, so a
  // keyword whose every signal was relevant keeps the default. Counted up from 0 where default - 2 fell below it, or
  // in tenths, they missed the default (1.3, 6.25) and the top of the range (3.3).
  test('the values tried are half points from the default, also near 0 and for a default of two decimals', () => {
    expect(tunedThreshold(judged(times(20, [[5, true]])), 1.3)).toMatchObject({ value: 1.3, tuned: true })
    expect(tunedThreshold(judged(times(20, [[3.2, false]])), 1.3).value).toBe(3.3)
    expect(tunedThreshold(judged(times(20, [[2.7, false]])), 0.8).value).toBe(2.8)
    expect(tunedThreshold(judged(times(20, [[8, true]])), 6.25).value).toBe(6.25)
    expect(tunedThreshold(judged(times(20, [[7.2, false]])), 6.25).value).toBe(7.25)
  })

  test('an intent is turned off after 10 verdicts on it with at most a tenth relevant; ACTIVE never is', () => {
    const of = (intent: string, relevant: number, notRelevant: number) => [
      ...times(relevant, [{ score: 8, intent, relevant: true }]),
      ...times(notRelevant, [{ score: 8, intent, relevant: false }]),
    ]
    expect(MIN_INTENT_VERDICTS).toBe(10)
    expect(intentsTurnedOff(of('COMPETITOR', 0, 9))).toEqual([])
    expect(intentsTurnedOff(of('COMPETITOR', 0, 10))).toEqual(['COMPETITOR'])
    expect(intentsTurnedOff(of('PAIN', 1, 9))).toEqual(['PAIN'])
    expect(intentsTurnedOff(of('PAIN', 2, 9))).toEqual([])
    expect(intentsTurnedOff(of('ACTIVE', 0, 30))).toEqual([])
    // Counted per intent, listed in intent order, whatever order the verdicts came in.
    const mixed = [...of('MENTION', 0, 12), ...of('ACTIVE', 10, 0), ...of('COMPETITOR', 1, 11)]
    expect(intentsTurnedOff(mixed)).toEqual(['COMPETITOR', 'MENTION'])
    expect(tunedThreshold(mixed, 6).offIntents).toEqual(['COMPETITOR', 'MENTION'])
    // Verdicts without an intent (none recorded) turn nothing off.
    expect(intentsTurnedOff(judged(times(20, [[8, false]])))).toEqual([])
  })
})
