/**
 * Tuning the training settings by cross-validation on the corpus only (docs/performance.md#the-embedded-model): each
 * setting given on the command line as key=value,value is tried in turn with the others at their defaults, and the
 * held-out figures are printed. The evaluation data are never used here.
 *
 *   bun scripts/train/sweep.ts epochs=6,12,20 l2=1e-6,1e-5 buyerAt=0.4,0.5
 *   bun scripts/train/sweep.ts --base gateWords=0.2+l2=1e-5 buyerAt=0.4,0.5   the others at these values instead
 */
import { scoreContent } from '../../src/scorers/rules/index'
import { asProfileInput, readCorpus } from './corpus'
import { crossValidate, cvComplaints, cvFigures, cvTriage } from './cv'
import { type Settings, SETTINGS } from './fit'
import { exampleSets } from './weight-sets'

const { rows } = readCorpus()
const examples = exampleSets(rows)
const f3 = (x: number) => x.toFixed(3)
console.log(`${rows.length} rows, ${new Set(rows.map((r) => r.market)).size} markets`)
// The rules alone, for comparison: they were never fitted to the corpus.
const rules = cvFigures(
  rows.map((row) => {
    const r = scoreContent(asProfileInput(row))
    return { row, score: r.score, predicted: r.score < 3 ? 'NONE' : r.intent, buyer: 0, how: 'profile' }
  }),
)
console.log(
  `rules alone: F1 ${rules.summary.macroF1.toFixed(3)} buyer ${rules.buyerRecall.toFixed(3)} off ${rules.offTopicQualified.toFixed(3)} QM ${rules.questionMentionQualified.toFixed(3)}`,
)
const args = process.argv.slice(2)
const baseAt = args.indexOf('--base')
const base: Settings = { ...SETTINGS }
for (const pair of baseAt >= 0 ? (args.splice(baseAt, 2)[1] ?? '').split('+') : []) {
  const [key, value] = pair.split('=') as [keyof Settings, string]
  base[key] = Number(value)
}
for (const arg of args) {
  const [key, values] = arg.split('=') as [keyof Settings, string]
  for (const value of values.split(',')) {
    const s: Settings = { ...base, [key]: Number(value) }
    const answers = crossValidate(rows, 5, s, examples)
    const line = (['profile', 'context', 'keyword'] as const).map((how) => {
      const f = cvFigures(answers.filter((a) => a.how === how))
      return `${how}: F1 ${f3(f.summary.macroF1)} buyer ${f3(f.buyerRecall)} off ${f3(f.offTopicQualified)} QM ${f3(f.questionMentionQualified)} bands ${f.bands.map((b) => f3(b.share)).join('/')}`
    })
    const t = [0.05, 0.1, 0.2].map((at) =>
      cvTriage(
        answers.filter((a) => a.how === 'profile'),
        at,
      ),
    )
    console.log(
      `${key}=${value}  ${line.join(' | ')} | complaints ${f3(cvComplaints(answers))} | triage ${t.map((x) => `${x.at}:${f3(x.buyerRecall)}/${f3(x.othersSent)}`).join(' ')}`,
    )
  }
}
