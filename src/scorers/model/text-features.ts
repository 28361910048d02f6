/**
 * The words of a post as the learned model sees them (docs/scoring.md#the-embedded-model): word unigrams and bigrams
 * and the character trigrams of each word, hashed into a fixed number of buckets. Three kinds of word are written as
 * what they are rather than as themselves, so that what the model learns carries over to markets it never saw: the
 * team's keyword ("need a <kw> asap" in any market), a competitor's name and a number.
 */

/** Hashed buckets of the text features: 2^16, each with one weight per class (weights.ts). */
export const BUCKET_BITS = 16
const MASK = (1 << BUCKET_BITS) - 1
const FNV_PRIME = 16777619
// Different starting values keep unigrams, bigrams and trigrams apart in the shared buckets.
const UNIGRAM = 2166136261
const BIGRAM = 374761393
const TRIGRAM = 668265263
const KEYWORD = '\u0001kw'
const RIVAL = '\u0001rival'
const NUMBER = '\u0001num'

/** What the hashed words are read against: the keyword's and competitors' words, in lower case. */
export type Names = { keyword: ReadonlySet<string>; rivals: ReadonlySet<string> }

export type TextFeatures = {
  /** Bucket of each feature, in order met (a bucket may repeat). */
  buckets: number[]
  /** Index into `words` of the word a unigram or bigram feature stands for, or -1 for a trigram. */
  source: number[]
  /** The unigrams and bigrams as written (for the reason). */
  words: string[]
}

function hash(seed: number, s: string): number {
  let h = seed
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME)
  return (h ^ (h >>> 15)) & MASK
}

/** A letter or digit: ASCII ones, and every character past Latin-1's symbols (accented letters, other scripts). */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7) || c === 39
}

/** The post's words in lower case, apostrophes kept inside a word, at most `most` of them. */
export function wordsOf(lower: string, most = 400): string[] {
  const out: string[] = []
  let start = -1
  for (let i = 0; i <= lower.length && out.length < most; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32
    if (isWordChar(c) && !(c === 39 && start < 0)) {
      if (start < 0) start = i
    } else if (start >= 0) {
      let w = lower.slice(start, i)
      while (w.endsWith("'")) w = w.slice(0, -1)
      if (w) out.push(w)
      start = -1
    }
  }
  return out
}

function tokenOf(word: string, names: Names): string {
  if (names.keyword.has(word)) return KEYWORD
  if (names.rivals.has(word)) return RIVAL
  const c = word.charCodeAt(0)
  return c >= 48 && c <= 57 ? NUMBER : word
}

/** The hashed word and character features of a post. */
export function textFeatures(lower: string, names: Names): TextFeatures {
  const words = wordsOf(lower)
  const out: TextFeatures = { buckets: [], source: [], words: [] }
  let previous = '\u0001start'
  for (const word of words) {
    const token = tokenOf(word, names)
    const at = out.words.push(word) - 1
    out.buckets.push(hash(UNIGRAM, token))
    out.source.push(at)
    out.buckets.push(hash(BIGRAM, `${previous} ${token}`))
    out.source.push(-1)
    previous = token
    if (token !== word || word.length < 3) continue
    const padded = `<${word}>`
    for (let i = 0; i + 3 <= padded.length; i++) {
      out.buckets.push(hash(TRIGRAM, padded.slice(i, i + 3)))
      out.source.push(-1)
    }
  }
  out.buckets.push(hash(BIGRAM, `${previous} \u0001end`))
  out.source.push(-1)
  return out
}
