/**
 * The floors and ceilings `npm run eval` checks (docs/scoring.md#evaluating-a-scorer): each given bound on the intents
 * set applies to the whole set and to each half, so that a figure reached on average but not on one half fails.
 */
import type { EvalArgs } from './args'
import type { IntentsResult } from './intents'
import { type Triaged, triageFigures } from './triage'

/** The bounds that need the intents set. */
export const INTENTS_BOUNDS = [
  'minIntentsMacroF1',
  'maxOffTopicQualified',
  'minBuyerRecall',
  'maxQuestionMentionQualified',
  'minTriageRecall',
  'maxTriageOthers',
] as const

export type Gate = { what: string; figure: number; bound: number; floor: boolean }

export function intentsGates(args: EvalArgs, r: IntentsResult): Gate[] {
  const gates: Gate[] = []
  const parts = [
    ['', r],
    [' (half A)', r.halves.A],
    [' (half B)', r.halves.B],
  ] as const
  for (const [which, f] of parts) {
    const add = (what: string, bound: number | null, figure: number, floor: boolean) => {
      if (bound !== null) gates.push({ what: `${what}${which}`, figure, bound, floor })
    }
    add('intents macro-F1', args.minIntentsMacroF1, f.summary.macroF1, true)
    add('buyer recall', args.minBuyerRecall, f.buyerRecall, true)
    add('off-topic qualified', args.maxOffTopicQualified, f.offTopicQualified, false)
    add('QUESTION+MENTION qualified', args.maxQuestionMentionQualified, f.questionMentionQualified, false)
  }
  return gates
}

/** Triage on the intents set at the configured buyer probability. */
export function triageGates(args: EvalArgs, triaged: readonly Triaged[], minBuyer: number): Gate[] {
  const f = triageFigures(triaged, minBuyer)
  const gates: Gate[] = []
  if (args.minTriageRecall !== null)
    gates.push({ what: 'triage buyer recall', figure: f.buyerRecall, bound: args.minTriageRecall, floor: true })
  if (args.maxTriageOthers !== null)
    gates.push({ what: 'triage others sent on', figure: f.othersSentShare, bound: args.maxTriageOthers, floor: false })
  return gates
}
