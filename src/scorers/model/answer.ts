/**
 * From the model's class probabilities to the scorer's answer (docs/scoring.md#the-embedded-model): the intent, a score
 * in the bands of docs/scoring.md#score-bands, the matched profile and a reason naming the evidence that weighed most.
 * A post is a buyer (ACTIVE, COMPETITOR or PAIN, scored 6 and up) when those three classes together reach the model's
 * `buyerAt`; otherwise off topic (0-2.9) when that class outweighs the on-topic ones, else QUESTION (4-5.9) or
 * MENTION (3-4.9). Within a band the score rises with the buyer probability, so that higher bands hold more buyers.
 */
import type { Intent, ScoreResult } from '../types'
import { STOP_WORDS } from '../rules/modifiers'
import type { Reading } from '../rules/reading'
import type { Features } from './features'
import { buyerOf, CLASSES, INTENT_COLUMNS, K, type Model, words } from './model'

/** A scorer's answer, the model's buyer probability (what triage decides on, docs/scoring.md#triage) and off topic's. */
export type ModelAnswer = ScoreResult & { buyer: number; offTopic: number }

/** Plain names of the dense features that a reason may cite (features.ts), by index. */
const FACTS: readonly (readonly [number, string])[] = [
  [7, 'buying phrases'],
  [8, 'complaint phrases'],
  [9, 'leaving a product'],
  [10, 'question phrases'],
  [11, 'reads as a launch, job post or tutorial'],
  [12, 'praise'],
  [13, 'complaint signs'],
  [14, 'a budget'],
  [15, 'urgency'],
  [16, 'team size'],
  [19, 'the keyword'],
  [20, 'the keyword is missing'],
  [21, "words of the team's market"],
  [23, "few words of the team's market"],
  [24, 'a competitor named'],
  [25, 'switching from a product'],
  [26, 'compares products'],
  [27, 'matches a profile'],
  [35, 'buying phrases on topic'],
  [36, 'complaint phrases on topic'],
  [50, 'words of private life'],
  [51, 'words of work'],
]
const CITED = 3
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

/** How much weight `at` (a feature's first weight) gives class `c` beyond the mean of the classes. */
function lift(w: Float32Array, at: number, c: number): number {
  let mean = 0
  if (c === INTENT_COLUMNS) return w[at + c] as number
  for (let o = 0; o < INTENT_COLUMNS; o++) mean += w[at + o] as number
  return (w[at + c] as number) - mean / INTENT_COLUMNS
}

/**
 * Puts `item` of weight `w` in its place among the `kept` heaviest so far (heaviest first, an earlier one first among
 * equals), at most `items.length` of them; returns how many are kept. A few slots, so a shift beats a sort.
 */
function keepHeaviest(items: Int32Array, weights: Float64Array, kept: number, item: number, w: number): number {
  const most = items.length
  if (kept === most && w <= (weights[kept - 1] as number)) return kept
  let at = kept < most ? kept++ : kept - 1
  while (at > 0 && (weights[at - 1] as number) < w) {
    weights[at] = weights[at - 1] as number
    items[at] = items[at - 1] as number
    at--
  }
  weights[at] = w
  items[at] = item
  return kept
}

/** Candidate words kept before stop words are left out: more than CITED, as some of them are stop words. */
const CANDIDATES = 8
const topAt = new Int32Array(CANDIDATES)
const topW = new Float64Array(CANDIDATES)

/** The words and facts that pushed the answer towards class `c` most, in plain words. */
function evidence(m: Model, f: Features, lower: string, c: number): string {
  const { buckets, from, to } = f.text
  // The best few words by weight, each bucket once, found without making a string; then named.
  let kept = 0
  for (let u = 0; u < words.n; u++) {
    const i = words.at[u] as number
    const start = from[i] as number
    if ((to[i] as number) - start < 3) continue
    const w = lift(words.weights, u * K, c)
    if (w <= 0 || (kept === CANDIDATES && w <= (topW[kept - 1] as number))) continue
    const b = buckets[i] as number
    let dup = false
    for (let k = 0; k < kept && !dup; k++) dup = buckets[topAt[k] as number] === b
    if (!dup) kept = keepHeaviest(topAt, topW, kept, i, w)
  }
  const named: string[] = []
  for (let k = 0; k < kept && named.length < CITED; k++) {
    const i = topAt[k] as number
    const word = lower.slice(from[i], to[i])
    if (!STOP_WORDS.has(word) && !named.includes(word)) named.push(word)
  }
  const facts = topFacts(m, f, c)
  const parts = []
  if (named.length > 0) parts.push(`the words ${named.map((w) => `"${w}"`).join(', ')}`)
  if (facts.length > 0) parts.push(facts.join(', '))
  return parts.length > 0 ? `weighed most: ${parts.join('; ')}` : 'no single word weighed much'
}

const factAt = new Int32Array(CITED)
const factW = new Float64Array(CITED)

/** The names of the CITED facts that weigh most (over 0.05) towards class `c`, heaviest first. */
function topFacts(m: Model, f: Features, c: number): string[] {
  let kept = 0
  for (let k = 0; k < FACTS.length; k++) {
    const j = (FACTS[k] as readonly [number, string])[0]
    const x = f.dense[j] as number
    if (x === 0) continue
    const w = x * lift(m.dense, j * K, c)
    if (w > 0.05) kept = keepHeaviest(factAt, factW, kept, k, w)
  }
  const names: string[] = []
  for (let k = 0; k < kept; k++) names.push((FACTS[factAt[k] as number] as readonly [number, string])[1])
  return names
}

function pick(p: Float64Array, from: number, to: number): number {
  let best = from
  for (let c = from + 1; c <= to; c++) if ((p[c] as number) > (p[best] as number)) best = c
  return best
}

/**
 * The rules' reason as the model's quotes it: without its opening intent ("PAIN: ") and closing point, at most 240
 * characters. Cut by hand, with one string made: two expressions replacing, then a slice, made three.
 */
function rulesRead(reason: string): string {
  let i = 0
  while (i < reason.length && reason.charCodeAt(i) >= 65 && reason.charCodeAt(i) <= 90) i++
  const from = i > 0 && reason.startsWith(': ', i) ? i + 2 : 0
  const to = reason.endsWith('.') ? reason.length - 1 : reason.length
  return to - from > 240 ? `${reason.slice(from, from + 239)}…` : reason.slice(from, to)
}

/**
 * The buyer cut with the keyword alone to judge a post by (no profile, no context): the cut at which the
 * cross-validation's buyer recall there equals the one with a profile (0.876 against 0.879); at the model's own cut it
 * qualified 19% of off-topic posts, at this one 10% (docs/performance.md#the-keyword-alone).
 */
export const KEYWORD_ALONE_BUYER_AT = 0.7

export function answer(m: Model, f: Features, r: Reading, p: Float64Array): ModelAnswer {
  const [, , , q, men, none] = p as unknown as number[]
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
  } else if ((none as number) > (q as number) + (men as number) && (none as number) > buyer) {
    c = 5
    score = Math.min(2.9, 3 * (1 - (none as number)))
  } else {
    c = pick(p, 3, 4)
    score = (c === 3 ? 4 : 3) + 1.9 * Math.min(1, buyer / cut)
  }
  const intent = (c === 5 ? 'MENTION' : CLASSES[c]) as Intent
  const what =
    c !== 5
      ? c > 2 && buyer >= m.buyerAt
        ? `${intent}: maybe a buyer, but with the keyword alone to judge by, not sure enough (a profile or a context tells more)`
        : `${intent}: ${MEANS[intent]}`
      : r.ctx.keyword
        ? 'MENTION: off topic: the post seems to take the keyword in another sense'
        : 'MENTION: off topic: the post seems to be about something other than what the team sells'
  const reason =
    `${what} (buyer ${pct(buyer)}, off topic ${pct(none as number)}); ${evidence(m, f, r.lower, c)}; ` +
    `the rules read: ${rulesRead(f.rules.reason)}.`
  return { score: round(score), intent, icpMatch: f.matched, reason, buyer, offTopic: none as number }
}
