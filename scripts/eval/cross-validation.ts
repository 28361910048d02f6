/**
 * The embedded model's k-fold cross-validation on its training corpus (docs/model.md#the-embedded-model), recorded
 * by `npm run train -- --cv` in data/training/cross-validation.json and printed beside the evaluation's own figures:
 * the eval files are never trained on, and the corpus figures say what the model does on markets it did not see.
 */
import { existsSync, readFileSync } from 'node:fs'
import { CV_FILE } from '../train/paths'
import { readCorpus } from '../train/corpus'
import { corpusHash } from '../train/cv-report'

type Part = {
  macroF1: number
  buyerRecall: number
  offTopicQualified: number
  questionMentionQualified: number
  bands: { band: string; posts: number; buyers: number }[]
}
type Recorded = {
  corpus: string
  rows: number
  folds: number
  profile: Part
  customer?: Part
  context: Part
  keyword: Part
  bareComplaintsMacroF1: number
  triage: { at: number; buyerRecall: number; othersSent: number }[]
  heldOutMarkets?: { rows: number; markets: number } & Views
  heldOutFiles?: { rows: number; files: number } & Views
}
type Views = { profile: Part; customer: Part; context: Part; keyword: Part }

/** The ways teams ask about a post, in the order every block prints them. */
const VIEWS = [
  ['profile', 'ICP as the profile'],
  ['customer', 'a profile of the customers, no competitors listed'],
  ['context', 'ICP as context, no profile'],
  ['keyword', 'the keyword alone'],
] as const

/** One line per view recorded (older records have no customers' view). */
const viewLines = (v: Partial<Views>, line: (name: string, p: Part) => string) =>
  VIEWS.flatMap(([key, name]) => {
    const p = v[key]
    return p ? [line(name, p)] : []
  })

const pct = (x: number) => `${(x * 100).toFixed(1)}%`

export function formatCrossValidation(file = CV_FILE): string {
  if (!existsSync(file)) return 'cross-validation: none recorded (run `npm run train -- --cv`)'
  const r = JSON.parse(readFileSync(file, 'utf8')) as Recorded
  const stale =
    corpusHash(readCorpus()) === r.corpus ? '' : ' (STALE: the corpus changed since; run `npm run train -- --cv`)'
  const unseen = r.heldOutMarkets
  const apart = r.heldOutFiles
  const part = (name: string, p: Part) =>
    `  ${name}: macro-F1 ${p.macroF1.toFixed(3)}, buyer recall ${p.buyerRecall.toFixed(3)}, ` +
    `off-topic qualified ${pct(p.offTopicQualified)}, QUESTION+MENTION qualified ${pct(p.questionMentionQualified)}; ` +
    `buyers per band ${p.bands.map((b) => `${b.band} ${pct(b.buyers)} of ${b.posts}`).join(', ')}`
  // The held-out files hold a few kinds of post each, so a macro-F1 over the six labels says little of them.
  const fewKinds = (name: string, p: Part) =>
    `  ${name}: buyer recall ${p.buyerRecall.toFixed(3)}, off-topic qualified ${pct(p.offTopicQualified)}, ` +
    `QUESTION+MENTION qualified ${pct(p.questionMentionQualified)}`
  return [
    `cross-validation of the embedded model on its training corpus (${r.rows} posts, ${r.folds} folds by seller market)${stale}:`,
    ...viewLines(r, part),
    `  complaints (PAIN or COMPETITOR against the rest, the text alone, as the complaints file is scored): macro-F1 ${r.bareComplaintsMacroF1.toFixed(3)}`,
    `  triage (min buyer: recall, others sent on): ${r.triage.map((t) => `${t.at}: ${t.buyerRecall.toFixed(3)}, ${pct(t.othersSent)}`).join('; ')}`,
    ...(unseen
      ? [
          `the model trained on the whole corpus, on the posts of ${unseen.markets} markets kept out of training (${unseen.rows} posts, written later by other writing sessions):`,
          ...viewLines(unseen, part),
        ]
      : []),
    ...(apart
      ? [
          `the same model on the posts of ${apart.files} files kept out of training (${apart.rows} posts; data/training/held-out-files.txt says what they test):`,
          ...viewLines(apart, fewKinds),
        ]
      : []),
  ].join('\n')
}
