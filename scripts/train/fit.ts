/**
 * Training the embedded model (docs/scoring.md#the-embedded-model): the corpus rows become examples (features.ts),
 * each row as polling asks about it (the seller's ICP as the team's profile), as the score route asks for a team
 * without profiles (the ICP as `context`), as polling asks for a team without profiles (the keyword alone), as the
 * score route may ask without a keyword (the profile alone), and, for
 * on-topic rows, with nothing beside the text (as the complaints file is scored); then the two regressions of
 * model.ts (off topic, and the intents of on-topic examples) are fitted together by AdaGrad with L2, the examples in an order shuffled
 * from a fixed seed, so that the same corpus always gives the same weights, byte for byte. The fit runs `runs` times,
 * each with its own order (seeds `seed` to `seed + runs - 1`), and the weights are their mean: one order alone moved
 * a short post's buyer probability by up to 0.15 (docs/performance.md#the-mean-of-five-orders-2026-11-29). The runs
 * are shared among the machine's cores (fit-runs.ts).
 */
import { readAsSpelled, withSpelling } from '../../src/scorers/rules/keyword-spelling'
import { readIdentities } from '../../src/scorers/model/feature-buffer'
import { MIN_BUCKET_BITS } from '../../src/scorers/model/text-features'
import { features } from '../../src/scorers/model/features'
import { emptyModel, type Model, textWeight } from '../../src/scorers/model/model'
import { EVERY_FEATURE, type Vocabulary } from '../../src/scorers/model/vocabulary'
import type { ScoreInput } from '../../src/scorers/types'
import {
  asBareInput,
  asContextInput,
  asKeywordInput,
  asProfileInput,
  asUnfoundInput,
  type CorpusRow,
  LABELS,
} from './corpus'
import { pack, type Read, type RunSettings } from './fit-once'
import { fitRuns } from './fit-runs'
import { seeded } from './seeded'

/**
 * `met`: the identities of the post's hashed features, which each model reads through its own vocabulary
 * (vocabulary.ts); `sure`: whether an off-topic label is as sure as the seller's profile makes it (see offWeight).
 */
export type Example = { met: Int32Array; dense: Float64Array; label: number; sure: boolean }
/**
 * `offWeight`: how much more an off-topic example teaches the off-topic gate than an on-topic one. Missing a post that
 * uses the keyword in another sense costs a seller more than doubting a real one, and off-topic posts are a sixth of
 * the corpus: 16 is the largest of 4, 8, 12, 16 and 24 whose cross-validated macro-F1 stays within 0.01 of the best
 * (docs/performance.md#the-embedded-model).
 */
export type Settings = RunSettings & { buyerAt: number; runs: number }

export const SETTINGS: Settings = {
  epochs: 12,
  rate: 0.2,
  l2: 1e-6,
  seed: 35,
  // The English weights' buyer cut, chosen as the other sets' is (weight-sets.ts#OTHER_LANGUAGES_BUYER_AT).
  buyerAt: 0.49,
  offWeight: 16,
  runs: 5,
  bucketBits: 16,
}

function example(input: ScoreInput, label: number, sure = true): Example {
  // The identities do not depend on the buckets: every set of weights reads the same ones (readThrough).
  const spelled = readAsSpelled(input.content, input.keyword, input.context)
  const f = features(spelled.reading, withSpelling(input, spelled), MIN_BUCKET_BITS, EVERY_FEATURE)
  return { met: f.text.met.slice(0, f.text.metN), dense: f.dense, label, sure }
}

function readThrough(e: Example, bits: number, vocabulary: Vocabulary): Read {
  const { buckets, n } = readIdentities(e.met, bits, vocabulary)
  return { buckets: buckets.slice(0, n), value: textWeight(n), dense: e.dense, label: e.label, sure: e.sure }
}

/** The examples of a row: every way it is asked about (see above). */
export function examplesOf(r: CorpusRow): Example[] {
  const label = LABELS.indexOf(r.label)
  const out = [
    example(asProfileInput(r), label),
    example(asContextInput(r), label),
    // With the keyword alone, whether the post is about the seller's market is a guess even for a reader: its
    // off-topic label is not weighted up.
    example(asKeywordInput(r), label, false),
    example(asUnfoundInput(r), label),
  ]
  if (r.label !== 'NONE') out.push(example(asBareInput(r), label))
  return out
}

/** The share of rows also shown to a seller of another market, as off topic (crossExamples). */
export const CROSS_SHARE = 0.2

/**
 * Posts shown to a seller of another market whose keyword they do not contain, labelled NONE: a post about payroll
 * is off topic to a team selling feature flags. The corpus's own posts all hold their seller's keyword, so without
 * these the model would never see a post that lacks it, which the score route can be asked about.
 */
export function crossExamples(rows: readonly CorpusRow[], seed: number): Example[] {
  const random = seeded(seed ^ 0x5eed)
  const none = LABELS.indexOf('NONE')
  const out: Example[] = []
  for (const r of rows) {
    if (random() >= CROSS_SHARE) continue
    const seller = rows[Math.floor(random() * rows.length)] as CorpusRow
    if (seller.market === r.market || r.content.toLowerCase().includes(seller.keyword.toLowerCase())) continue
    const shown = { ...seller, content: r.content }
    out.push(example(asProfileInput(shown), none), example(asContextInput(shown), none))
  }
  return out
}

/**
 * The weights learned from `examples`, each read through `vocabulary`, which the weights keep, and from each run's
 * own `crossed` examples (crossExamples with the run's seed): the mean of the runs is then also a mean over which
 * posts were shown to which other sellers, a draw that alone moved about one buyer in forty of the held-out files.
 */
export function fit(
  examples: readonly Example[],
  vocabulary: Vocabulary,
  s: Settings = SETTINGS,
  crossed: (seed: number) => readonly Example[] = () => [],
): Model {
  const m = emptyModel(s.buyerAt, s.bucketBits)
  m.vocabulary = vocabulary
  const read = (e: Example) => readThrough(e, s.bucketBits, vocabulary)
  const own = pack(examples.map(read))
  const draws = Array.from({ length: s.runs }, (_, k) => pack(crossed(s.seed + k).map(read)))
  const runs = fitRuns(own, draws, s, { text: m.text.length, dense: m.dense.length })
  const text = new Float64Array(m.text.length)
  const dense = new Float64Array(m.dense.length)
  for (const one of runs) {
    for (let i = 0; i < text.length; i++) text[i] = (text[i] as number) + (one.text[i] as number)
    for (let i = 0; i < dense.length; i++) dense[i] = (dense[i] as number) + (one.dense[i] as number)
  }
  for (let i = 0; i < text.length; i++) m.text[i] = (text[i] as number) / s.runs
  for (let i = 0; i < dense.length; i++) m.dense[i] = (dense[i] as number) / s.runs
  return m
}
