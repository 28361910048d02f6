import type { Needs } from '../needs'
import { type Threshold, tunedThreshold } from './tuning'
import { keywordKey } from '../../query/same-query'

export type VerdictRow = { keywordLc: string; score: number; intent: string; verdict: 'relevant' | 'not_relevant' }

/** The verdicts of a team grouped by keyword (lower-cased). */
export function byKeyword(rows: VerdictRow[]): Map<string, VerdictRow[]> {
  const groups = new Map<string, VerdictRow[]>()
  for (const r of rows) {
    const group = groups.get(r.keywordLc)
    if (group) group.push(r)
    else groups.set(r.keywordLc, [r])
  }
  return groups
}

/** A keyword's threshold from its verdicts (docs/scoring.md#tuning-by-verdicts). */
export const thresholdOf = (verdicts: VerdictRow[], defaultThreshold: number): Threshold =>
  tunedThreshold(
    verdicts.map((v) => ({ score: v.score, intent: v.intent, relevant: v.verdict === 'relevant' })),
    defaultThreshold,
  )

/**
 * Each keyword's qualify threshold for a team, from its verdicts read once: what a polling pass compares scores with.
 * A keyword without verdicts has `fallback`, `scorer.qualify_threshold`.
 */
export async function teamThresholds(
  deps: Needs<never, 'signalFeedback'>,
  teamId: string,
  fallback: number,
): Promise<(keyword: string) => Threshold> {
  const groups = byKeyword(await deps.repos.signalFeedback.verdicts(teamId))
  const thresholds = new Map([...groups].map(([kw, verdicts]) => [kw, thresholdOf(verdicts, fallback)]))
  const untuned = thresholdOf([], fallback)
  return (keyword) => thresholds.get(keywordKey(keyword)) ?? untuned
}
