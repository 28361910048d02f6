/**
 * Training the embedded model (docs/scoring.md#the-embedded-model): the two regressions of model.ts (off topic, and
 * the intents of on-topic examples) fitted together by AdaGrad with L2 on the corpus rows' examples (examples.ts), the
 * examples in an order shuffled from a fixed seed, so that the same corpus always gives the same weights, byte for
 * byte. The fit runs `runs` times, each with its own order and its own draw of rows shown to other sellers (seeds
 * `seed` to `seed + runs - 1`), and the weights are their mean: one order alone moved a short post's buyer probability
 * by up to 0.15 (docs/performance.md#the-mean-of-five-orders-2026-11-29). The runs are shared among the machine's
 * cores (fit-runs.ts).
 */
import { emptyModel, type Model } from '../../src/scorers/model/model'
import type { Vocabulary } from '../../src/scorers/model/vocabulary'
import type { CorpusRow } from './corpus'
import { type Example, readThrough } from './examples'
import { pack, type RunSettings } from './fit-once'
import { fitRuns } from './fit-runs'

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

/**
 * The weights learned from `examples`, each read through `vocabulary`, which the weights keep, and from each run's own
 * draw of `drawFrom`'s rows shown to other sellers (examples.ts#crossExamples with the run's seed): the mean of the
 * runs is then also a mean over those draws, one of which alone moved about one buyer in forty of the held-out files.
 */
export function fit(
  examples: readonly Example[],
  vocabulary: Vocabulary,
  s: Settings = SETTINGS,
  drawFrom: readonly CorpusRow[] = [],
): Model {
  const m = emptyModel(s.buyerAt, s.bucketBits)
  m.vocabulary = vocabulary
  const own = pack(examples.map((e) => readThrough(e, s.bucketBits, vocabulary)))
  const sizes = { text: m.text.length, dense: m.dense.length }
  const runs = fitRuns({ own, drawFrom, vocabulary, settings: s }, s.runs, sizes)
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
