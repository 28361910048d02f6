/**
 * Tests on a post's characters read in place, without cutting the text or running an expression per character: the
 * judge makes them on every post (docs/model.md#performance), and each slice or expression costs more than the
 * loop.
 */
import { isWideSpace } from './start-tree'

/** ".", "!", "?" or a line break: the class [.!?\n], where a sentence ends. */
export const endsSentence = (c: number) => c === 46 || c === 33 || c === 63 || c === 10

/** Whether text[from, to) (clamped to the text) holds a character `test` accepts. */
export function holds(text: string, from: number, to: number, test: (c: number) => boolean): boolean {
  const end = Math.min(to, text.length)
  for (let i = Math.max(0, from); i < end; i++) if (test(text.charCodeAt(i))) return true
  return false
}

/** A question mark of any script: the class [?？]. */
export const isQuestionMark = (c: number) => c === 63 || c === 0xff1f

/** White space as `\s` and `trim` read it. */
export const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c >= 128 && isWideSpace(c))

/**
 * `s` with each run of white space made one space, and trimmed (`s.replace(/\s+/g, ' ').trim()`): `s` itself when
 * that changes nothing, which the loop tells without an expression.
 */
export function squeezeSpaces(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (!isSpace(c)) continue
    if (c !== 32 || i === 0 || i === s.length - 1 || s.charCodeAt(i - 1) === 32) return s.replace(/\s+/g, ' ').trim()
  }
  return s
}

/**
 * A letter with an accent or of the Greek or Cyrillic alphabet ("ü", "í", "ş", "ł", "д"): a letter to a reader and
 * not to `\b` and `\w`, which see only ASCII. "bug" ends a word in "bug." and not in the Turkish "bugün" ("today").
 * Scripts written without spaces (Japanese, Chinese) are not: a name stands inside their words ("のZoom飲み").
 */
export const isAccentedLetter = (c: number) =>
  (c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7) || (c >= 0x300 && c <= 0x4ff) || (c >= 0x1e00 && c <= 0x1eff)

/** The same letters as a character class, for an expression (a test holds the two alike). */
export const ACCENTED_LETTERS = '\\u00c0-\\u00d6\\u00d8-\\u00f6\\u00f8-\\u024f\\u0300-\\u04ff\\u1e00-\\u1eff'
