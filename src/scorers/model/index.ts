/**
 * The embedded learned model (docs/scoring.md#the-embedded-model): reads a post with the rules (rules/reading.ts),
 * turns what it read and the post's words into features (features.ts), and answers from the weights trained by
 * `npm run train`. The weights file is imported as a file, so `bun build --compile` embeds it in the executable and
 * it is read from there: nothing needs to lie beside the executable.
 */
import { readFileSync } from 'node:fs'
import type { ScoreInput } from '../types'
import { type Reading, readPost } from '../rules/reading'
import { answer, type ModelAnswer } from './answer'
import { features } from './features'
import { keywordOfQuery } from './keyword'
import { buyerOf, type Model, parseModel, probabilities } from './model'
import weightsPath from './weights.bin' with { type: 'file' }

export type { ModelAnswer } from './answer'

let loaded: Model | undefined

/** The embedded weights, read on first use. */
export function embeddedModel(): Model {
  loaded ??= parseModel(readFileSync(weightsPath))
  return loaded
}

/** Judges a read post for one team with `model` (the embedded one unless given, as training does). */
export function judgeWithModel(r: Reading, input: ScoreInput, model = embeddedModel()): ModelAnswer {
  const f = features(r, input)
  return answer(model, f, r, probabilities(model, f))
}

/** The model's buyer probability of a read post for one team, what triage decides on: no answer or reason is built. */
export function buyerWithModel(r: Reading, input: ScoreInput, model = embeddedModel()): number {
  return buyerOf(probabilities(model, features(r, input)))
}

/** The input as the model judges it: a query's words as the keyword (keyword.ts). */
export function withQueryWords(input: ScoreInput): ScoreInput {
  const keyword = keywordOfQuery(input.keyword, input.content)
  return keyword === input.keyword ? input : { ...input, keyword }
}

/** Scores one post. Pure and synchronous. */
export function scoreWithModel(asked: ScoreInput, model = embeddedModel()): ModelAnswer {
  const input = withQueryWords(asked)
  return judgeWithModel(readPost(input.content, input.keyword, input.context), input, model)
}
