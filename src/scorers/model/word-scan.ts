/**
 * Reading a word of a lower-cased post in place (text-features.ts): where it ends and its hash, with no string made.
 */

/** The FNV-1a prime, which the features' bigrams and trigrams mix with too (text-features.ts). */
export const PRIME = 16777619
const OFFSET = 2166136261

/**
 * A letter or digit: ASCII ones, and every character past Latin-1's symbols (accented letters, other scripts), from a
 * table of every UTF-16 unit: one load a character instead of three comparisons (textFeatures 5.3 µs to 4.6).
 */
const WORD_CHAR = new Uint8Array(0x10000)
for (let c = 0; c < WORD_CHAR.length; c++)
  WORD_CHAR[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xc0 && c !== 0xd7 && c !== 0xf7) ? 1 : 0
export const isWordChar = (c: number) => WORD_CHAR[c] === 1

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
    const apostrophe = c === 39
    if (!apostrophe && !isWordChar(c)) break
    h = Math.imul(h ^ c, PRIME)
    if (apostrophe) continue
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
  for (let i = 0; i < lower.length; ) {
    if (!isWordChar(lower.charCodeAt(i))) {
      i++
      continue
    }
    i = scanWord(lower, i)
    into.add(word.hash)
  }
  return into
}
