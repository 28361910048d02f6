/**
 * The words of a post as the learned model sees them (docs/scoring.md#the-embedded-model): word unigrams and bigrams
 * and the character trigrams of each word, hashed into a fixed number of buckets. Three kinds of word are written as
 * what they are rather than as themselves, so that what the model learns carries over to markets it never saw: the
 * team's keyword ("need a <kw> asap" in any market), a competitor's name and a number.
 *
 * Hashes are computed on the text's characters in place, with no string made per word, bigram or trigram: that was
 * three quarters of a post's time in the first version (docs/performance.md#the-embedded-model).
 */
import { out, push, startFeatures, type TextFeatures } from './feature-buffer'
import type { Vocabulary } from './vocabulary'
import { nextWord, PRIME, scanWord, word } from './word-scan'

/**
 * The text features are hashed into 2^bits buckets, each with one weight per class: the weights file says how many
 * (model.ts). Posts in other languages read many more distinct character runs than posts in English, and their weights
 * have twice the buckets (docs/performance.md#ten-more-languages-and-a-bucket-each-2026-11-30).
 */
export const MIN_BUCKET_BITS = 12
export const MAX_BUCKET_BITS = 20
// Different seeds keep unigrams, bigrams and trigrams apart in the shared buckets.
const BIGRAM = 374761393
const TRIGRAM = 668265263
const KEYWORD = 0x6b77
const RIVAL = 0x72697661
const NUMBER = 0x6e756d
const START = 0x5354
const END = 0x454e44
const BEFORE = 0x2d6b7701
const AFTER = 0x2b6b7702
/** How many words on each side of the keyword are read as its neighbours. */
const NEAR = 3
const tokens = new Int32Array(400)
/** At most this many words of a post are read: the first 2,000 or so characters say what a post is about. */
const MOST_WORDS = 400

/** What words are read against: the hashes of the keyword's and named rivals' words, a few each, so lists, not Sets. */
export type Names = { keyword: Int32Array; rivals: Int32Array }

function holds(list: Int32Array, hash: number): boolean {
  for (let k = 0; k < list.length; k++) if (list[k] === hash) return true
  return false
}

/** Han or kana: scripts written without spaces, where a "word" is a clause and its trigrams say what it holds. */
const isSpaceless = (c: number) =>
  (c >= 0x3040 && c <= 0x30ff) ||
  (c >= 0x3400 && c <= 0x4dbf) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xf900 && c <= 0xfaff) ||
  (c >= 0xff66 && c <= 0xff9f) ||
  c === 0x3005

function sameList(a: Int32Array, b: Int32Array): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false
  return true
}

// What the last call read. Polling asks about one post for each team tracking its keyword, in a row, and those teams'
// features differ only when the competitors they name do (docs/performance.md#the-pipeline-third-round).
let lastLower: string | undefined
let lastNames: Names | undefined
let lastBits = 0
let lastVocabulary: Vocabulary | undefined
let lastFilled = -1

/**
 * The hashed word and character features of a post (`lower`: the post in lower case) in 2^bits buckets, those the
 * weights' `vocabulary` holds.
 */
export function textFeatures(lower: string, names: Names, bits: number, vocabulary: Vocabulary): TextFeatures {
  if (
    lastNames !== undefined &&
    lastFilled === out.filledBy &&
    lastBits === bits &&
    lastVocabulary === vocabulary &&
    lastLower === lower &&
    sameList(lastNames.keyword, names.keyword) &&
    sameList(lastNames.rivals, names.rivals)
  )
    return out
  lastLower = lower
  lastNames = names
  lastBits = bits
  lastVocabulary = vocabulary
  startFeatures(bits, vocabulary)
  lastFilled = out.filledBy
  let previous = START
  let words = 0
  let i = 0
  while (words < MOST_WORDS) {
    i = nextWord(lower, i)
    if (i === lower.length) break
    const j = scanWord(lower, i)
    const { hash: full, end, wide } = word
    const first = lower.charCodeAt(i)
    const token = holds(names.keyword, full)
      ? KEYWORD
      : holds(names.rivals, full)
        ? RIVAL
        : first >= 48 && first <= 57
          ? NUMBER
          : full
    tokens[words++] = token
    push(token, i, end)
    push(Math.imul(Math.imul(BIGRAM ^ previous, PRIME) ^ token, PRIME), -1, -1)
    previous = token
    // Trigrams only of words with a letter past ASCII (accented, other scripts): there they read inflections and runs
    // of characters without spaces; on plain English words they fitted the training markets' vocabulary and cost
    // 0.03 of cross-validated macro-F1 (docs/performance.md#the-embedded-model).
    if (wide && token === full && end - i >= 3) {
      // The trigrams of "<word>": its start and end marked, so that "<inv" and "ing>" differ from inner ones.
      let a = 60
      let b = lower.charCodeAt(i)
      for (let k = i + 1; k <= end; k++) {
        const c = k < end ? lower.charCodeAt(k) : 62
        const cited = k - 2 >= i && k < end && isSpaceless(a) && isSpaceless(b) && isSpaceless(c)
        const trigram = Math.imul(Math.imul(Math.imul(TRIGRAM ^ a, PRIME) ^ b, PRIME) ^ c, PRIME)
        if (cited) push(trigram, k - 2, k + 1)
        else push(trigram, -1, -1)
        a = b
        b = c
      }
    }
    i = j
  }
  out.readTo = i
  push(Math.imul(Math.imul(BIGRAM ^ previous, PRIME) ^ END, PRIME), -1, -1)
  // The words around the keyword, each once per side: what is said about the tracked thing itself.
  for (let k = 0; k < words; k++) {
    if (tokens[k] !== KEYWORD) continue
    for (let j = Math.max(0, k - NEAR); j < Math.min(words, k + NEAR + 1); j++)
      if (j !== k) push(Math.imul(Math.imul(j < k ? BEFORE : AFTER, PRIME) ^ (tokens[j] as number), PRIME), -1, -1)
  }
  return out
}
