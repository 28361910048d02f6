/**
 * k-fold cross-validation of the embedded model on the training corpus (docs/scoring.md#the-embedded-model). The folds
 * are cut by seller market, so that every fold is judged by a model that never saw its markets: the question a team
 * in a market nobody thought of asks. Each held-out row is scored as the intents set's rows are (the seller's ICP as
 * the team's profile), again with the ICP given as `context` to a team without profiles, with the keyword alone, with
 * the text alone, and with a profile of its market's customers that lists no competitors (customer-profiles.ts).
 */
import { type Answer, figures, type Label as EvalLabel } from '../eval/intents'
import { confusion, summarize } from '../eval/metrics'
import { readAsSpelled, withSpelling } from '../../src/scorers/rules/keyword-spelling'
import { judgeWithModel, type ModelAnswer, type Models, modelFor } from '../../src/scorers/model/index'
import type { ScoreInput } from '../../src/scorers/types'
import { asBareInput, asContextInput, asKeywordInput, asProfileInput, type CorpusRow } from './corpus'
import { asCustomerInput, type CustomerProfiles, customerProfileOf, readCustomerProfiles } from './customer-profiles'
import { type Settings, SETTINGS } from './fit'
import { seeded } from './seeded'
import { bySet, type ExampleSets, exampleSets, fitModels } from './weight-sets'

/** The labels of a buyer, and the score from which a post is qualified (docs/scoring.md#score-bands). */
export const BUYER = new Set(['ACTIVE', 'COMPETITOR', 'PAIN'])
export const QUALIFY = 6

/** The fold of each market: markets in name order, shuffled from the seed, dealt round the folds. */
export function foldsByMarket(rows: readonly CorpusRow[], k: number, seed: number): Map<string, number> {
  const markets = [...new Set(rows.map((r) => r.market.toLowerCase()))].sort()
  const random = seeded(seed)
  for (let i = markets.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[markets[i], markets[j]] = [markets[j] as string, markets[i] as string]
  }
  return new Map(markets.map((m, i) => [m, i % k]))
}

export type Scored = {
  row: CorpusRow
  score: number
  predicted: EvalLabel
  buyer: number
  how: 'profile' | 'customer' | 'context' | 'keyword' | 'bare'
  /** The model's whole answer (how it combines with the rules is chosen on it: blend-cv.ts). */
  answer?: ModelAnswer
}

function scored(row: CorpusRow, asked: ScoreInput, how: Scored['how'], models: Models): Scored {
  const spelled = readAsSpelled(asked.content, asked.keyword, asked.context)
  const a = judgeWithModel(spelled.reading, withSpelling(asked, spelled), modelFor(spelled.reading, models))
  return { row, score: a.score, predicted: a.score < 3 ? 'NONE' : a.intent, buyer: a.buyer, how, answer: a }
}

/** Every row scored by the model of the folds that did not hold it. */
export function crossValidate(
  rows: readonly CorpusRow[],
  k = 5,
  s: Settings = SETTINGS,
  examples: ExampleSets = exampleSets(rows, s),
): Scored[] {
  const fold = foldsByMarket(rows, k, s.seed)
  const out: Scored[] = []
  const customers = readCustomerProfiles()
  for (let f = 0; f < k; f++) {
    const inFold = (r: CorpusRow) => fold.get(r.market.toLowerCase()) === f
    const keep = rows.map((r) => !inFold(r))
    const kept = rows.filter((_, i) => keep[i])
    const keptExamples = bySet((set) => examples[set].filter((_, i) => keep[i]))
    const models = fitModels(kept, s, keptExamples)
    for (const r of rows.filter(inFold))
      out.push(...scoredAsTeamsAsk(r, models, customers), scored(r, asBareInput(r), 'bare', models))
  }
  return out
}

/** A row scored as teams ask about it: the ICP as the profile, as context, the keyword alone, a customers' profile. */
function scoredAsTeamsAsk(r: CorpusRow, models: Models, customers: CustomerProfiles): Scored[] {
  const out = [
    scored(r, asProfileInput(r), 'profile', models),
    scored(r, asContextInput(r), 'context', models),
    scored(r, asKeywordInput(r), 'keyword', models),
  ]
  const customer = customerProfileOf(r, customers)
  if (customer) out.push(scored(r, asCustomerInput(r, customer), 'customer', models))
  return out
}

/**
 * Rows of the held-out markets (corpus.ts#heldOutMarkets) scored by `models`, trained without them, in the views of
 * the cross-validation: how the model reads markets nobody thought of while writing its corpus.
 */
export function scoreHeldOut(rows: readonly CorpusRow[], models: Models): Scored[] {
  const customers = readCustomerProfiles()
  return rows.flatMap((r) => scoredAsTeamsAsk(r, models, customers))
}

/** The figures `npm run eval` gives for the intents set, over the held-out answers, plus QUESTION+MENTION qualified. */
export function cvFigures(answers: readonly Scored[]) {
  const asEval: Answer[] = answers.map((a, i) => ({
    row: { id: a.row.id, label: a.row.label, input: { content: '', icps: [] }, half: i % 2 === 0 ? 'A' : 'B' },
    predicted: a.predicted,
    score: a.score,
    reason: '',
  }))
  const qm = answers.filter((a) => a.row.label === 'QUESTION' || a.row.label === 'MENTION')
  return {
    ...figures(asEval, QUALIFY),
    questionMentionQualified: qm.filter((a) => a.score >= QUALIFY).length / Math.max(1, qm.length),
  }
}

/**
 * Complaints as the complaints file is scored (nothing beside the text): the macro-F1 of telling a complaint (PAIN or
 * COMPETITOR) from the rest, over the held-out rows scored bare.
 */
export function cvComplaints(answers: readonly Scored[]): number {
  const complaint = (l: string) => (l === 'PAIN' || l === 'COMPETITOR' ? 'complaint' : 'other')
  const pairs = answers
    .filter((a) => a.how === 'bare')
    .map((a) => ({ actual: complaint(a.row.label), predicted: complaint(a.predicted) }))
  return summarize(confusion(['complaint', 'other'], pairs)).macroF1
}

/** Triage on the held-out answers: buyers sent on, and non-buyers sent on, at a buyer probability. */
export function cvTriage(answers: readonly Scored[], at: number) {
  const buyers = answers.filter((a) => BUYER.has(a.row.label))
  const others = answers.filter((a) => !BUYER.has(a.row.label))
  const sent = (xs: readonly Scored[]) => xs.filter((a) => a.buyer >= at).length / Math.max(1, xs.length)
  return { at, buyerRecall: sent(buyers), othersSent: sent(others) }
}
