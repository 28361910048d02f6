/** The cross-validation figures `npm run train -- --cv` records and `npm run eval` prints beside its own. */
import { createHash } from 'node:crypto'
import type { CorpusRow, readCorpus } from './corpus'
import type { Models } from '../../src/scorers/model/index'
import { crossValidate, cvComplaints, cvFigures, cvTriage, type Scored, scoreHeldOut } from './cv'
import { SETTINGS } from './fit'

export const FOLDS = 5
/** Buyer probabilities at which triage is reported (the default `scorer.triage_min_buyer` among them). */
export const TRIAGE_AT = [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4] as const

/** What the corpus's rows, trained on or held out, hash to: the recorded figures are current when it matches. */
export function corpusHash(corpus: Pick<ReturnType<typeof readCorpus>, 'rows' | 'heldOut' | 'heldOutByFile'>): string {
  const rows = [...corpus.rows, ...corpus.heldOut, ...corpus.heldOutByFile]
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)
}

const r3 = (x: number) => Math.round(x * 1000) / 1000

/** The figures of one view of a set of answers. */
function viewFigures(answers: readonly Scored[], how: 'profile' | 'customer' | 'context' | 'keyword') {
  const f = cvFigures(answers.filter((a) => a.how === how))
  return {
    macroF1: r3(f.summary.macroF1),
    f1: Object.fromEntries(f.summary.labels.map((l) => [l.label, r3(l.f1)])),
    buyerRecall: r3(f.buyerRecall),
    offTopicQualified: r3(f.offTopicQualified),
    questionMentionQualified: r3(f.questionMentionQualified),
    bands: f.bands.map((b) => ({ band: b.name, posts: b.posts, buyers: r3(b.share) })),
  }
}

/** The figures of the four ways teams ask about a post. */
function fourViews(answers: readonly Scored[]) {
  return {
    profile: viewFigures(answers, 'profile'),
    customer: viewFigures(answers, 'customer'),
    context: viewFigures(answers, 'context'),
    keyword: viewFigures(answers, 'keyword'),
  }
}

/** Posts the model never trained on: those of the held-out markets, and those of the held-out files with their count. */
export type HeldOut = { markets: readonly CorpusRow[]; files: readonly CorpusRow[]; fileCount: number }

/**
 * The cross-validation of `rows` and how `models` (trained on all of `rows`) read the held-out posts, when there are
 * any.
 */
export function crossValidationReport(
  rows: readonly CorpusRow[],
  held: HeldOut = { markets: [], files: [], fileCount: 0 },
  models?: Models,
) {
  const answers = crossValidate(rows, FOLDS, SETTINGS)
  const profile = answers.filter((a) => a.how === 'profile')
  const unseen = models && held.markets.length > 0 ? scoreHeldOut(held.markets, models) : []
  const apart = models && held.files.length > 0 ? scoreHeldOut(held.files, models) : []
  return {
    rows: rows.length,
    folds: FOLDS,
    ...fourViews(answers),
    bareComplaintsMacroF1: r3(cvComplaints(answers)),
    triage: TRIAGE_AT.map((at) => {
      const t = cvTriage(profile, at)
      return { at, buyerRecall: r3(t.buyerRecall), othersSent: r3(t.othersSent) }
    }),
    ...(unseen.length > 0 && {
      heldOutMarkets: {
        rows: held.markets.length,
        markets: new Set(held.markets.map((r) => r.market.toLowerCase())).size,
        ...fourViews(unseen),
      },
    }),
    ...(apart.length > 0 && {
      heldOutFiles: { rows: held.files.length, files: held.fileCount, ...fourViews(apart) },
    }),
  }
}
