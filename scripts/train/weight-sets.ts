/**
 * The sets of weights of the embedded model (src/scorers/model/index.ts#Models) and how each is trained
 * (docs/scoring.md#the-embedded-model): the same regression (fit.ts), each set with its own buckets and buyer cut, from
 * the rows it learns from.
 */
import { type Models, WEIGHT_SETS, type WeightSet } from '../../src/scorers/model/index'
import type { CorpusRow } from './corpus'
import { type Example, examplesOf } from './examples'
import { fit, type Settings, SETTINGS } from './fit'
import { learnVocabulary } from './vocabulary'

/**
 * The buyer cut of the weights for posts in other languages and other scripts: the highest at which the
 * cross-validation's buyer recall on the posts they answer is at least what the weights before the vocabulary reached
 * at their cut of 0.51 (docs/performance.md#words-the-model-never-met-2026-12-02).
 */
export const OTHER_LANGUAGES_BUYER_AT = 0.43

/**
 * The buckets of the weights for posts in other languages and other scripts: 2^17. Their posts' character runs in a
 * dozen scripts crowded 2^16 buckets, and posts in the languages they knew lost buyers when ten more languages were
 * trained in (docs/performance.md#ten-more-languages-and-a-bucket-each-2026-11-30).
 */
export const OTHER_LANGUAGES_BUCKET_BITS = 17

/** A value for each set of weights, made by `make`. */
export function bySet<T>(make: (set: WeightSet) => T): Record<WeightSet, T> {
  return Object.fromEntries(WEIGHT_SETS.map((set) => [set, make(set)])) as Record<WeightSet, T>
}

/** How each set of weights is trained: its settings, and the rows it learns from (corpus.ts#readCorpus). */
export function setSettings(
  s: Settings = SETTINGS,
): Record<WeightSet, Settings & { trains: (r: CorpusRow) => boolean }> {
  const other = { ...s, buyerAt: OTHER_LANGUAGES_BUYER_AT, bucketBits: OTHER_LANGUAGES_BUCKET_BITS }
  return {
    english: { ...s, trains: (r) => !r.otherLanguagesOnly && !r.otherScriptsOnly },
    otherLanguages: { ...other, trains: (r) => !r.otherScriptsOnly },
    otherScripts: { ...other, trains: () => true },
  }
}

/** Each row's examples for each set of weights (none for a row the set does not train on). */
export type ExampleSets = Record<WeightSet, readonly Example[][]>

/** The examples of each set: a row's are made once, and each set reads them into its own buckets (fit.ts). */
export function exampleSets(rows: readonly CorpusRow[], s: Settings = SETTINGS): ExampleSets {
  const sets = setSettings(s)
  const made = rows.map((r) => examplesOf(r))
  return bySet((set) => rows.map((r, i) => (sets[set].trains(r) ? (made[i] as Example[]) : [])))
}

/** Every set of weights (index.ts#Models) from `rows` and their `examples`, each from the rows it trains on. */
export function fitModels(
  rows: readonly CorpusRow[],
  s: Settings = SETTINGS,
  examples: ExampleSets = exampleSets(rows, s),
): Models {
  const sets = setSettings(s)
  return bySet((set) => {
    const { trains, ...settings } = sets[set]
    const own = rows.flatMap((r, i) => (trains(r) ? [examples[set][i] as Example[]] : []))
    return fit(own.flat(), learnVocabulary(own), settings, rows.filter(trains))
  })
}
