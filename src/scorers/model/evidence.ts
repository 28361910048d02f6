/**
 * The evidence a model's reason names (answer.ts, docs/scoring.md#the-embedded-model): the post's words and the facts
 * the rules read that pushed the answer towards its class most, in plain words.
 */
import { STOP_WORDS } from '../rules/modifiers'
import { withoutApostrophes, withoutPossessive } from '../rules/name-shape'
import { isLittleWord, type Lang } from '../rules/words'
import type { Features } from './features'
import { INTENT_COLUMNS, K, type Model, words } from './model'
import { isQuietWord } from './quiet-words'

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
const spanFrom = new Int32Array(CANDIDATES)
const spanTo = new Int32Array(CANDIDATES)

/** Longer than this, a "word" is a run of a script written without spaces (a Japanese sentence), not a word. */
const LONGEST = 24

/**
 * A word as a reason cites it, or '' for one that says nothing alone: a stop word, a contraction of one ("we're",
 * "you'll"), another language's little word ("que", "der"), a quiet word of the post's language ("bei", "uns"), or
 * a whole sentence of a script without spaces. A possessive is cited without its "'s".
 */
function citable(word: string, lang: Lang): string {
  if (word.length > LONGEST) return ''
  const apostrophe = word.search(/['’]/)
  const base = apostrophe < 0 ? word : word.slice(0, apostrophe)
  if (STOP_WORDS.has(base) || isLittleWord(base) || isQuietWord(base, lang)) return ''
  if (apostrophe < 0) return word
  return STOP_WORDS.has(withoutApostrophes(word)) ? '' : withoutPossessive(word)
}

/** Whether `lower[start, end)` lies inside one of the keyword's runs (caller-context.ts) where the post writes it. */
function inKeyword(lower: string, start: number, end: number, keywordRuns: readonly string[]): boolean {
  for (const run of keywordRuns) {
    const at = lower.lastIndexOf(run, start)
    if (at >= 0 && at + run.length >= end) return true
  }
  return false
}

/**
 * The words and facts that pushed the answer towards class `c` most, in plain words; `lang`: the post's language;
 * `keywordRuns`: the keyword's runs of letters written without spaces, which the reason names as "the keyword", never
 * in pieces.
 */
export function evidence(
  m: Model,
  f: Features,
  lower: string,
  lang: Lang,
  c: number,
  keywordRuns: readonly string[] = [],
): string {
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
  // Where each is in the post, heaviest first. Trigrams of Han or kana that overlap or touch are one run of the post
  // ("想找一" and "找一款" are "想找一款"); words of other scripts never touch, spaces or marks lie between them.
  let spans = 0
  for (let k = 0; k < kept; k++) {
    const i = topAt[k] as number
    const [start, end] = [from[i] as number, to[i] as number]
    if (inKeyword(lower, start, end, keywordRuns)) continue
    let q = 0
    while (q < spans && !(start <= (spanTo[q] as number) && end >= (spanFrom[q] as number))) q++
    const joined = q < spans ? Math.max(end, spanTo[q] as number) - Math.min(start, spanFrom[q] as number) : 0
    if (q < spans && joined <= LONGEST) {
      spanFrom[q] = Math.min(start, spanFrom[q] as number)
      spanTo[q] = Math.max(end, spanTo[q] as number)
    } else if (q === spans) {
      spanFrom[spans] = start
      spanTo[spans++] = end
    }
  }
  const named: string[] = []
  for (let q = 0; q < spans && named.length < CITED; q++) {
    const word = citable(lower.slice(spanFrom[q], spanTo[q]), lang)
    if (word !== '' && !named.includes(word)) named.push(word)
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
