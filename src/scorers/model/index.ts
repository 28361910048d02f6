/**
 * The embedded learned model (docs/scoring.md#the-embedded-model): reads a post with the rules (rules/reading.ts),
 * turns what it read and the post's words into features (features.ts), and answers from the weights trained by
 * `npm run train`. There are three sets of weights: one for posts in English, one for posts in other languages written
 * in Latin letters, one for posts in Japanese or another script (Chinese, Korean, Thai, Russian, ...), the last two
 * trained also on posts written in them (docs/scoring.md#the-embedded-model); the reader (rules/words.ts) tells which
 * answers a post. The weights files are imported as files, so `bun build --compile` embeds them in the executable and
 * they are read from there: nothing needs to lie beside the executable.
 */
import { readFileSync } from 'node:fs'
import type { ScoreInput } from '../types'
import type { Reading } from '../rules/reading'
import { readAsSpelled, withSpelling } from '../rules/keyword-spelling'
import { answer, type ModelAnswer } from './answer'
import { features } from './features'
import { keywordOfQuery } from './keyword'
import { buyerOf, type Model, parseModel, probabilities } from './model'
import weightsPath from './weights.bin' with { type: 'file' }
import otherScriptsPath from './weights-other-scripts.bin' with { type: 'file' }
import otherLanguagesPath from './weights-other-languages.bin' with { type: 'file' }

export type { ModelAnswer } from './answer'

/** The sets of weights: for posts that read as English, for the others in Latin letters, for those in other scripts. */
export const WEIGHT_SETS = ['english', 'otherLanguages', 'otherScripts'] as const
export type WeightSet = (typeof WEIGHT_SETS)[number]
export type Models = Record<WeightSet, Model>

/** Which set of weights answers a read post. */
const setOf = (r: Reading): WeightSet =>
  r.words.english ? 'english' : r.words.lang === 'ja' || r.words.nonLatin ? 'otherScripts' : 'otherLanguages'

/** Which of `models` answers a read post. */
export const modelFor = (r: Reading, models: Models): Model => models[setOf(r)]

const PATHS: Record<WeightSet, string> = {
  english: weightsPath,
  otherLanguages: otherLanguagesPath,
  otherScripts: otherScriptsPath,
}
const loaded: Partial<Models> = {}

/** The embedded weights that answer a read post, each set read on first use. */
export function embeddedModel(r: Reading): Model {
  const set = setOf(r)
  loaded[set] ??= parseModel(readFileSync(PATHS[set]))
  return loaded[set]
}

/** Judges a read post for one team with `model` (the embedded one unless given, as training does). */
export function judgeWithModel(r: Reading, input: ScoreInput, model = embeddedModel(r)): ModelAnswer {
  const f = features(r, input, model.bits, model.vocabulary)
  return answer(model, f, r, probabilities(model, f))
}

/** The model's buyer probability of a read post for one team, what triage decides on: no answer or reason is built. */
export function buyerWithModel(r: Reading, input: ScoreInput, model = embeddedModel(r)): number {
  return buyerOf(probabilities(model, features(r, input, model.bits, model.vocabulary)))
}

/** The input as the model judges it: a query's words as the keyword (keyword.ts). */
export function withQueryWords(input: ScoreInput): ScoreInput {
  const keyword = keywordOfQuery(input.keyword, input.content)
  return keyword === input.keyword ? input : { ...input, keyword }
}

/**
 * A post read as the scorers read one they are asked about once: a query's words as the keyword, then the keyword as
 * the post spells it (rules/keyword-spelling.ts), with the input they judge it by.
 */
export function readAsked(asked: ScoreInput): { reading: Reading; input: ScoreInput } {
  const input = withQueryWords(asked)
  const spelled = readAsSpelled(input.content, input.keyword, input.context)
  return { reading: spelled.reading, input: withSpelling(input, spelled) }
}

/** Scores one post. Pure and synchronous. */
export function scoreWithModel(asked: ScoreInput, model?: Model): ModelAnswer {
  const { reading, input } = readAsked(asked)
  return judgeWithModel(reading, input, model ?? embeddedModel(reading))
}
