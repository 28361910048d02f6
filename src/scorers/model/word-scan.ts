/**
 * Reading a word of a lower-cased post in place (text-features.ts): where it ends and its hash, with no string made.
 */

/** The FNV-1a prime, which the features' bigrams and trigrams mix with too (text-features.ts). */
export const PRIME = 16777619
const OFFSET = 2166136261

/**
 * A letter or digit: ASCII ones, and every character past Latin-1's symbols (accented letters, other scripts), from a
 * table of every UTF-16 unit: one load a character instead of three comparisons (textFeatures 5.3 µs to 4.6). Past
 * Latin-1, typographic punctuation and symbols are not letters: dashes, curly quotes, ellipses, stars, arrows,
 * variation selectors and emoji separate words as a space does, so that "tool—any" is two words and a post reads the
 * same with or without "🙏" (docs/performance.md#typographic-punctuation-read-as-punctuation-2026-12-01-night). The
 * punctuation of Chinese and Japanese is read as before: splitting their sentences there cost the Japanese weights.
 */
const WORD_CHAR = new Uint8Array(0x10000)
/** In the table: a letter or digit, and the apostrophe and the marks typed for it (’ ‘ ʼ: "don’t" reads as "don't"). */
const LETTER = 1
const APOSTROPHE = 2
const NOT_LETTERS: readonly [number, number][] = [
  [0x2000, 0x2bff], // general punctuation, currency, letterlike symbols, arrows, maths, shapes, dingbats
  [0x2e00, 0x2e7f], // supplemental punctuation
  [0xfe00, 0xfe6f], // variation selectors, vertical, compatibility and small forms
  [0xfff0, 0xffff], // specials
  [0xd83c, 0xd83e], // the first half of an emoji (U+1F000-U+1FBFF); its second half is skipped with it
]
for (let c = 0; c < WORD_CHAR.length; c++)
  WORD_CHAR[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7) ? LETTER : 0
for (const [from, to] of NOT_LETTERS) WORD_CHAR.fill(0, from, to + 1)
for (const c of [39, 0x2019, 0x2018, 0x2bc]) WORD_CHAR[c] = APOSTROPHE

/** Where the next word starts at or after `i`, or the text's length; an emoji (a surrogate pair) is passed whole. */
export function nextWord(lower: string, i: number): number {
  let at = i
  while (at < lower.length) {
    const c = lower.charCodeAt(at)
    if (WORD_CHAR[c] === LETTER) return at
    at += c >= 0xd83c && c <= 0xd83e ? 2 : 1
  }
  return lower.length
}

/** The last word scanWord read: its hash, where it ends, whether it has a letter past ASCII. Shared, as the features' buffers are (text-features.ts). */
export const word = { hash: 0, end: 0, wide: false }

/**
 * Reads the word at `i` (letters, digits, apostrophes: "don't") into `word`, without closing apostrophes ("sellers'"
 * is "sellers"), scanning and hashing it in one loop; answers where the scan stopped. The hash is a signed 32-bit
 * integer, as Names holds them; only its bits are used, so the buckets are the same as from an unsigned one.
 */
export function scanWord(lower: string, i: number): number {
  let h = OFFSET
  let hash = 0
  let end = i
  let wide = false
  let j = i
  for (; j < lower.length; j++) {
    const c = lower.charCodeAt(j)
    const kind = WORD_CHAR[c]
    if (kind === 0) break
    if (kind === APOSTROPHE) {
      h = Math.imul(h ^ 39, PRIME)
      continue
    }
    h = Math.imul(h ^ c, PRIME)
    wide ||= c >= 0xc0
    hash = h
    end = j + 1
  }
  word.hash = hash
  word.end = end
  word.wide = wide
  return j
}

/** The full hashes of a name's words (for Names). */
export function wordHashes(name: string, into = new Set<number>()): Set<number> {
  const lower = name.toLowerCase()
  for (let i = nextWord(lower, 0); i < lower.length; i = nextWord(lower, i)) {
    i = scanWord(lower, i)
    into.add(word.hash)
  }
  return into
}
