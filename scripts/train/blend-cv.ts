/**
 * What the embedded scorer could answer, compared on the training corpus's cross-validation only
 * (docs/performance.md#what-answers-a-second-look-2026-11-28-later): every held-out answer of the 5 folds by market,
 * beside the rules' answer to the same input, for each way a post is asked about (the seller's ICP as the profile, a
 * profile of its customers without competitors, the ICP as context, the keyword alone). The evaluation data are never
 * used here.
 *
 * - the rules' verdict (what answers for a team with profiles);
 * - the learned model's answer;
 * - the model where it is sure (off topic, or a buyer probability of at least 0.85 or under 0.55), the rules between.
 *
 *   bun scripts/train/blend-cv.ts
 */
import { scoreContent } from '../../src/scorers/rules/index'
import type { ScoreResult } from '../../src/scorers/types'
import { asBareInput, asContextInput, asKeywordInput, asProfileInput, type CorpusRow, readCorpus } from './corpus'
import { asCustomerInput, customerProfileOf, readCustomerProfiles } from './customer-profiles'
import { crossValidate, cvComplaints, cvFigures, type Scored } from './cv'

const { rows } = readCorpus()
const customers = readCustomerProfiles()
const INPUT: Record<Scored['how'], (r: CorpusRow) => ReturnType<typeof asProfileInput>> = {
  profile: asProfileInput,
  customer: (r) => asCustomerInput(r, customerProfileOf(r, customers) ?? { name: '', description: '' }),
  context: asContextInput,
  keyword: asKeywordInput,
  bare: asBareInput,
}
const answers = crossValidate(rows).map((a) => ({ ...a, rules: scoreContent(INPUT[a.how](a.row)) }))
type Both = (typeof answers)[number]
const f3 = (x: number) => x.toFixed(3)

function measure(name: string, pick: (a: Both) => ScoreResult) {
  const all = answers.map((a) => {
    const r = pick(a)
    return { ...a, score: r.score, predicted: r.score < 3 ? 'NONE' : r.intent } as Scored
  })
  console.log(`${name}:`)
  for (const how of ['profile', 'customer', 'context', 'keyword'] as const) {
    const f = cvFigures(all.filter((a) => a.how === how))
    console.log(
      `  ${how.padEnd(8)} macro-F1 ${f3(f.summary.macroF1)}, buyer recall ${f3(f.buyerRecall)}, ` +
        `off-topic qualified ${f3(f.offTopicQualified)}, QUESTION+MENTION qualified ${f3(f.questionMentionQualified)}`,
    )
  }
  console.log(`  complaints, the text alone: macro-F1 ${f3(cvComplaints(all))}`)
}

console.log(`${rows.length} rows, 5 folds by market`)
measure('the rules', (a) => a.rules)
measure('the learned model', (a) => a.answer as ScoreResult)
measure('the model where sure, the rules between', (a) => {
  const m = a.answer as NonNullable<Both['answer']>
  return m.offTopic >= 0.5 || m.buyer >= 0.85 || m.buyer < 0.55 ? m : a.rules
})
