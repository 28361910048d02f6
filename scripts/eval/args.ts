/** The command line of scripts/eval-scorer.ts. */
import { resolve } from 'node:path'
import { SCORER_NAMES, type ScorerName } from './scorer'

export const USAGE =
  `usage: bun scripts/eval-scorer.ts [EVAL_DATA_DIR] [--scorer ${SCORER_NAMES.join('|')}] [--min-macro-f1 X]` +
  ' [--min-intents-macro-f1 X] [--max-off-topic-qualified X] [--min-buyer-recall X]' +
  ' [--max-question-mention-qualified X] [--min-triage-recall X] [--max-triage-others X] [--misses]'

export type EvalArgs = {
  dir: string
  scorer: ScorerName
  /** Floor of the complaints macro-F1. */
  minMacroF1: number | null
  /** Floor of the intents macro-F1 over the six labels. */
  minIntentsMacroF1: number | null
  /** Ceiling of the share of off-topic (NONE) posts that come out qualified. */
  maxOffTopicQualified: number | null
  /** Floor of the intents set's buyer recall (whole set and each half). */
  minBuyerRecall: number | null
  /** Ceiling of the share of QUESTION and MENTION posts that come out qualified. */
  maxQuestionMentionQualified: number | null
  /** Floor of the buyer recall through triage, and ceiling of the other posts it sends on (intents set). */
  minTriageRecall: number | null
  maxTriageOthers: number | null
  /** List half A's misread posts of the intents set (half B's never: docs/model.md#why-the-rules-are-general). */
  misses: boolean
}

export class UsageError extends Error {}

const FRACTIONS = {
  '--min-macro-f1': 'minMacroF1',
  '--min-intents-macro-f1': 'minIntentsMacroF1',
  '--max-off-topic-qualified': 'maxOffTopicQualified',
  '--min-buyer-recall': 'minBuyerRecall',
  '--max-question-mention-qualified': 'maxQuestionMentionQualified',
  '--min-triage-recall': 'minTriageRecall',
  '--max-triage-others': 'maxTriageOthers',
} as const

/** Parses the command line; throws a UsageError with a plain message. */
export function parseArgs(argv: readonly string[], defaultDir: string): EvalArgs {
  const out: EvalArgs = {
    dir: defaultDir,
    scorer: 'rules',
    minMacroF1: null,
    minIntentsMacroF1: null,
    maxOffTopicQualified: null,
    minBuyerRecall: null,
    maxQuestionMentionQualified: null,
    minTriageRecall: null,
    maxTriageOthers: null,
    misses: false,
  }
  let dirSet = false
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    const [flag, inline] =
      a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined) throw new UsageError(`${flag} needs a value`)
      return v
    }
    if (flag === '--scorer') {
      const v = value()
      if (!(SCORER_NAMES as readonly string[]).includes(v))
        throw new UsageError(`--scorer must be one of ${SCORER_NAMES.join(', ')}`)
      out.scorer = v as ScorerName
    } else if (flag in FRACTIONS) {
      const v = value()
      const x = Number(v)
      if (v.trim() === '' || !Number.isFinite(x) || x < 0 || x > 1)
        throw new UsageError(`${flag} must be a number from 0 to 1`)
      out[FRACTIONS[flag as keyof typeof FRACTIONS]] = x
    } else if (flag === '--misses') out.misses = true
    else if (flag === '-h' || flag === '--help') throw new UsageError('')
    else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`)
    else if (dirSet) throw new UsageError(`one data folder only (got ${out.dir} and ${a})`)
    else {
      out.dir = resolve(a)
      dirSet = true
    }
  }
  return out
}
