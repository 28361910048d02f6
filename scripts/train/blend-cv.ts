/**
 * How the embedded scorer combines the learned model with the rules, chosen on the training corpus's cross-validation
 * only (docs/performance.md#the-embedded-model): every held-out answer of the 5 folds by market, beside the rules'
 * answer to the same input. The evaluation data are never used here.
 *
 * 1. The model answering where it is sure and the rules elsewhere (sure: a buyer probability of at least `buyerAt` or
 *    under `doubtAt`, or off topic), over a grid; the best macro-F1 with at most 3% of off-topic posts qualified.
 * 2. For a team without profiles (the ICP as `context`, or the keyword alone): the rules' verdict, the rules judging
 *    against the stand-in (rules/stand-in.ts), and the rules' verdict unless the model's off-topic probability reaches
 *    a setting (model/word-sense.ts, what the scorer answers).
 *
 *   bun scripts/train/blend-cv.ts
 */
import { scoreContent } from '../../src/scorers/rules/index'
import { judge } from '../../src/scorers/rules/judge'
import { readPost } from '../../src/scorers/rules/reading'
import { senseProfiles } from '../../src/scorers/rules/stand-in'
import { OFF_AT } from '../../src/scorers/model/word-sense'
import type { ScoreInput, ScoreResult } from '../../src/scorers/types'
import { asBareInput, asContextInput, asKeywordInput, asProfileInput, readCorpus } from './corpus'
import { crossValidate, cvComplaints, cvFigures, type Scored } from './cv'

const { rows } = readCorpus()
const INPUT = { profile: asProfileInput, context: asContextInput, keyword: asKeywordInput, bare: asBareInput }
const answers = crossValidate(rows).map((a) => ({ ...a, rules: scoreContent(INPUT[a.how](a.row)) }))
type Both = (typeof answers)[number]
const f3 = (x: number) => x.toFixed(3)

function measure(pick: (a: Both) => ScoreResult, hows: readonly Scored['how'][]) {
  const all = answers.map((a) => {
    const r = pick(a)
    return { ...a, score: r.score, predicted: r.score < 3 ? 'NONE' : r.intent } as Scored
  })
  const line = hows.map((how) => {
    const f = cvFigures(all.filter((a) => a.how === how))
    return `${how} F1 ${f3(f.summary.macroF1)} buyer ${f3(f.buyerRecall)} off ${f3(f.offTopicQualified)} QM ${f3(f.questionMentionQualified)}`
  })
  return {
    line: `${line.join(' | ')} | complaints ${f3(cvComplaints(all))}`,
    profile: cvFigures(all.filter((a) => a.how === 'profile')),
  }
}

console.log(`${rows.length} rows; 1. the model where it is sure, the rules elsewhere`)
const ALL = ['profile', 'context', 'keyword'] as const
const sure = (buyerAt: number, doubtAt: number) => (a: Both) =>
  (a.answer?.offTopic ?? 0) >= 0.5 || a.buyer >= buyerAt || a.buyer < doubtAt ? (a.answer as ScoreResult) : a.rules
console.log(`  rules alone            ${measure((a) => a.rules, ALL).line}`)
console.log(`  model alone            ${measure(sure(0.55, 0.55), ALL).line}`)
const grid = [0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.01].flatMap((buyerAt) =>
  [-1, 0.05, 0.1, 0.2, 0.3, 0.4, 0.55].filter((d) => d <= buyerAt).map((doubtAt) => ({ buyerAt, doubtAt })),
)
const best = grid
  .map((s) => ({ s, m: measure(sure(s.buyerAt, s.doubtAt), ALL) }))
  .filter((x) => x.m.profile.offTopicQualified <= 0.03)
  .sort((a, b) => b.m.profile.summary.macroF1 - a.m.profile.summary.macroF1)
for (const { s, m } of best.slice(0, 3)) console.log(`  buyer≥${s.buyerAt} doubt<${s.doubtAt}  ${m.line}`)

console.log('2. a team without profiles: off topic when the model is sure enough, else the rules (word-sense.ts)')
const NO_PROFILE = ['context', 'keyword'] as const
const against = (a: Both) => {
  const input: ScoreInput = INPUT[a.how](a.row)
  return judge(readPost(input.content, input.keyword, input.context), senseProfiles(input), input.keyword)
}
const gated = (at: { context: number; keyword: number }) => (a: Both) => {
  const m = a.answer as NonNullable<Both['answer']>
  if (a.how === 'profile' || a.how === 'bare') return a.rules
  if (m.offTopic >= at[a.how] && m.score < 3) return m
  const sensed = against(a)
  return sensed.score >= 3 ? sensed : a.rules
}
console.log(`  the rules                        ${measure((a) => a.rules, NO_PROFILE).line}`)
console.log(`  the rules against the stand-in   ${measure(against, NO_PROFILE).line}`)
for (const t of [0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
  console.log(
    `  the model's verdict from ${t.toFixed(1)}     ${measure(gated({ context: t, keyword: t }), NO_PROFILE).line}`,
  )
console.log(`  as answered (${OFF_AT.context}, ${OFF_AT.keyword})        ${measure(gated(OFF_AT), NO_PROFILE).line}`)
console.log(`  the model                        ${measure((a) => a.answer as ScoreResult, NO_PROFILE).line}`)
