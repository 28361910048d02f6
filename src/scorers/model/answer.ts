/**
 * From the model's class probabilities to the scorer's answer (docs/scoring.md#the-embedded-model): the intent, a score
 * in the bands of docs/scoring.md#score-bands, the matched profile and a reason naming the evidence that weighed most.
 * A post is a buyer (ACTIVE, COMPETITOR or PAIN, scored 6 and up) when those three classes together reach the model's
 * `buyerAt`; otherwise off topic (0-2.9) when that class holds more than half the probability, else QUESTION or
 * MENTION (3-5.9). Within a band the score rises with the buyer probability, so that higher bands hold more buyers.
 */
import { shortenedQuoting } from '../../lib/text'
import { type Intent, MAX_REASON, type ScoreResult } from '../types'
import type { Reading } from '../rules/reading'
import { leaningIcp } from '../rules/icp'
import { icpClause, reasonOf as rulesReason } from '../rules/reason'
import { type Features, rulesCallOffTopic } from './features'
import { evidence } from './evidence'
import { buyerOf, CLASSES, type Model } from './model'

/** A scorer's answer, the model's buyer probability (what triage decides on, docs/scoring.md#triage) and off topic's. */
export type ModelAnswer = ScoreResult & { buyer: number; offTopic: number }

/** What each intent says of the writer, to open the reason as the rules' reasons open. */
const MEANS: Record<Intent, string> = {
  ACTIVE: 'wants to buy',
  COMPETITOR: 'unhappy with or leaving a product',
  PAIN: 'has a problem the team’s product solves',
  QUESTION: 'asks how something works, with no sign of buying',
  MENTION: 'on topic, with no need stated',
}

const round = (x: number) => Math.round(x * 10) / 10
const pct = (x: number) => `${Math.round(x * 100)}%`

function pick(p: Float64Array, from: number, to: number): number {
  let best = from
  for (let c = from + 1; c <= to; c++) if ((p[c] as number) > (p[best] as number)) best = c
  return best
}

/**
 * The rules' reading as the model's reason quotes it, at its end, in `room` characters: without its opening intent
 * ("PAIN: ") nor the profile, which the model's reason names before; ending with its point or, when cut, with "…".
 * Written from what the rules found (rules/reason.ts), whose quotes shorten first; their off-topic reason is cut where
 * a word ends.
 */
function rulesRead(f: Features, room: number): string {
  if (f.rulesFacts) return rulesReason(f.rulesFacts, room, false, false)
  const reason = f.rules.reason
  let i = 0
  while (i < reason.length && reason.charCodeAt(i) >= 65 && reason.charCodeAt(i) <= 90) i++
  const read = reason.slice(i > 0 && reason.startsWith(': ', i) ? i + 2 : 0)
  return shortenedQuoting(read, room)
}

/**
 * The buyer cut with the keyword alone to judge a post by (no profile, no context), where the model is least sure
 * which posts are about the team's market: first the cut at which the cross-validation's buyer recall there equalled
 * the one with a profile (docs/performance.md#the-keyword-alone); since then, at each retrain, the highest keeping the
 * cross-validated recall of the weights before (docs/performance.md#words-the-model-never-met-2026-12-02).
 */
export const KEYWORD_ALONE_BUYER_AT = 0.64

/**
 * The model's answer. `reasonFrom`: the score from which the caller keeps the reason; under it the reason is left
 * empty (polling keeps only its signals' reasons, and naming the evidence is a tenth of a pair's cost).
 */
export function answer(m: Model, f: Features, r: Reading, p: Float64Array, reasonFrom = 0): ModelAnswer {
  const none = p[5] as number
  const buyer = buyerOf(p)
  const cut = f.keywordAlone ? KEYWORD_ALONE_BUYER_AT : m.buyerAt
  let c: number
  let score: number
  if (buyer >= cut) {
    c = pick(p, 0, 2)
    const sure = (buyer - cut) / (1 - cut)
    const pressing = r.budget || r.urgency ? 1 : 0
    score =
      c === 0
        ? Math.min(10, 7 + 1.5 * sure + pressing + (r.team ? 0.3 : 0))
        : c === 1
          ? Math.min(9.5, 7 + 1.5 * sure + pressing / 2)
          : 6 + 1.9 * sure
  } else if (none > 0.5) {
    // Off topic only when likelier than on topic at all: a post the model is unsure of stays in view as on topic.
    c = 5
    score = Math.min(2.9, 3 * (1 - none))
  } else {
    // One scale for both: how near the post comes to a buyer, not which of the two it is, places it in 3-5.9, so a
    // how-to question with no sign of buying sits with the mentions (docs/scoring.md#score-bands).
    c = pick(p, 3, 4)
    score = 3 + 2.9 * Math.min(1, buyer / cut)
  }
  const intent = (c === 5 ? 'MENTION' : CLASSES[c]) as Intent
  const rounded = round(score)
  const reason = rounded < reasonFrom ? '' : reasonOf(m, f, r, c, buyer, none)
  // A buyer is the team's lead: it names the profile it leans to even below the match's overlap, the answers of other
  // posts only a profile they match.
  const icpMatch = f.matched ?? (c <= 2 ? leaningIcp(r.words.roots, f.teamProfiles) : null)
  return { score: rounded, intent, icpMatch, reason, buyer, offTopic: none }
}

/** The reason of an answer of class `c`: what it means, the two probabilities, the evidence and the rules' reading. */
function reasonOf(m: Model, f: Features, r: Reading, c: number, buyer: number, none: number): string {
  let what: string
  if (c === 5)
    what = r.ctx.keyword
      ? 'MENTION: off topic: the post seems to take the keyword in another sense'
      : 'MENTION: off topic: the post seems to be about something other than what the team sells'
  else {
    const intent = CLASSES[c] as Intent
    what =
      c > 2 && buyer >= m.buyerAt
        ? `${intent}: maybe a buyer, but with the keyword alone to judge by, not sure enough (a profile or a context tells more)`
        : `${intent}: ${MEANS[intent]}`
  }
  // Where the model finds the post on topic and the rules alone would not, the reason says whose reading that is, so
  // that a lead is not shown as "off topic" without a word on who thought so.
  const rules = c !== 5 && rulesCallOffTopic(f.rules) ? 'the rules alone would call it' : 'the rules read:'
  // A post in none of the rules' languages reads as English when no language leads; its words are another language's.
  const lang = r.words.lang === 'en' && !r.words.english ? 'other' : r.words.lang
  const said = `${what} (buyer ${pct(buyer)}, off topic ${pct(none)})`
  const icp = f.matchedWords ? `; ${icpClause(f.matchedWords)}` : ''
  const opening = `${said}${icp}; ${evidence(m, f, r.lower, lang, c, r.ctx.keywordRuns)}; ${rules} `
  // The profile and the evidence come first, whole; the rules' reading has what is left of MAX_REASON (some 150
  // characters at the least: the opening holds at most a profile's name of 100 and eight of its words).
  const reason = `${opening}${rulesRead(f, Math.max(40, MAX_REASON - opening.length))}`
  return shortenedQuoting(reason, MAX_REASON)
}
