/**
 * What the embedded scorer (`backend = "rules"`, the fallback, searches, polling) answers for a read post
 * (docs/scoring.md#the-choice):
 *
 * - the learned model, for every post asked about with something to judge it against: the team's ICP profiles, or
 *   for a team without profiles the stand-in made of the caller's `context` and keyword (rules/stand-in.ts). On the
 *   training corpus's cross-validation by market and on the half of the evaluation data nobody here read it is ahead
 *   of the rules on every figure;
 * - the rules, for a bare text (no profile, context or keyword: no market to judge against; on the complaints set
 *   the rules tell complaints apart better), for a post longer than the model reads (its need may come at the end),
 *   and when the keyword given is missing from the post: the model learned such posts only as posts shown to a
 *   seller of another market and calls nearly all of them off topic, while the rules ask for two words of the
 *   market, a rival or the caller's own product named ("switching from Acme", to Acme's seller).
 */
import type { ScoreInput, ScoreResult } from '../types'
import { judge } from '../rules/judge'
import type { Reading } from '../rules/reading'
import { senseProfiles } from '../rules/stand-in'
import { answer } from './answer'
import { features } from './features'
import { embeddedModel } from './index'
import { probabilities } from './model'

/** `reasonFrom`: the score from which the caller keeps the model's reason (answer.ts). */
export function embeddedAnswer(r: Reading, input: ScoreInput, reasonFrom = 0): ScoreResult {
  const sense = senseProfiles(input)
  if (sense.length === 0) return judge(r, input.icps, input.keyword)
  if (r.keywordPresent === false) return judge(r, sense, input.keyword)
  const model = embeddedModel(r)
  const f = features(r, input, model.bits, model.vocabulary)
  // A post longer than the model reads (its first 400 words) may state its need at the end, which the rules read.
  if (f.text.readTo < r.lower.length) return f.rules
  const m = answer(model, f, r, probabilities(model, f), reasonFrom)
  return { score: m.score, intent: m.intent, icpMatch: m.icpMatch, reason: m.reason }
}
