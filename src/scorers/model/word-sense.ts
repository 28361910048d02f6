/**
 * What the embedded scorer (`backend = "rules"`, the fallback, searches, polling) answers for a read post: the rules'
 * verdict, except for a team without ICP profiles, whose post is judged for word sense against the stand-in made of
 * the caller's `context` and keyword (rules/stand-in.ts, docs/scoring.md#word-sense):
 *
 * - by the learned model, when the post holds the keyword or none was given: off topic when the model's off-topic
 *   probability reaches OFF_AT. It learned how far the rules' word sense against a stand-in can be trusted. With a
 *   keyword alone the stand-in is one word, and the model's doubts about a short buying post ("Looking for a good
 *   invoicing app for freelancers") run to one half: there it must be sure. Both settings were chosen on the training
 *   corpus's cross-validation (docs/performance.md#the-embedded-model);
 * - by the rules, when the keyword given is missing from the post: the model learned such posts only as posts shown to
 *   a seller of another market, and calls nearly all of them off topic, while the rules ask for two words of the
 *   market, a rival or the caller's own product named ("switching from Acme", to Acme's seller).
 */
import type { ScoreInput, ScoreResult } from '../types'
import { judge } from '../rules/judge'
import type { Reading } from '../rules/reading'
import { senseProfiles } from '../rules/stand-in'
import { answer } from './answer'
import { features } from './features'
import { embeddedModel } from './index'
import { INTENT_COLUMNS, probabilities } from './model'

/** Scores below this are the off-topic band (docs/scoring.md#score-bands). */
const OFF_TOPIC_BELOW = 3
/** The off-topic probability from which the model's verdict stands: with the caller's context, with a keyword alone. */
export const OFF_AT = { context: 0.5, keyword: 0.8 }

export function embeddedAnswer(r: Reading, input: ScoreInput): ScoreResult {
  const sense = senseProfiles(input)
  if (input.icps.length > 0 || sense.length === 0) return judge(r, input.icps, input.keyword)
  if (r.keywordPresent === false) {
    const a = judge(r, sense, input.keyword)
    return { ...a, reason: a.reason.replace("the team's profiles or their market", 'what the team sells') }
  }
  const model = embeddedModel()
  const f = features(r, input)
  const p = probabilities(model, f)
  if ((p[INTENT_COLUMNS] as number) >= (input.context?.trim() ? OFF_AT.context : OFF_AT.keyword)) {
    const m = answer(model, f, r, p)
    if (m.score < OFF_TOPIC_BELOW) return { score: m.score, intent: m.intent, icpMatch: null, reason: m.reason }
  }
  // On topic against the stand-in, the rules' verdict is the one they give without it, naming the market's words; the
  // stand-in is never the team's ICP match (rules/judge.ts). Read off topic by the rules alone, they judge it again.
  return f.rules.score >= OFF_TOPIC_BELOW ? f.rules : judge(r, input.icps, input.keyword)
}
