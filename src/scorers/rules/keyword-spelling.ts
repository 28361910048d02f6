/**
 * The keyword as a post spells it when the post lacks it as given (docs/model.md#reading-a-post): its letters and
 * digits run together or apart ("helpdesk" for "help desk", "SOC2" for "SOC 2", "esignature" for "e-signature",
 * "nodejs" for "node.js"), with a plural's ending, or with other accents ("café" for "cafe"). A team tracking "help
 * desk" means a post about a "helpdesk" too.
 */
import type { ScoreInput } from '../types'
import { type Reading, readPost } from './reading'

/** What may stand between the keyword's parts: white space, a hyphen, a dot, an underscore, a slash. */
const SEPARATORS = /[\s.\-_/\u2010\u2011]+/g
/** Shorter keywords run together with too many other words ("a i" for "ai"). */
const SHORTEST = 4
const WORD_CHARS = /^[\p{L}\p{N}]+$/u

/**
 * The expression of a keyword's spellings: its letters and digits, one separator at most between any two (a word of
 * the post may end anywhere in the keyword: "help desk", "helpdesk", "help-desk"), then a plural's ending, or without
 * the keyword's own. Whole words only: no letter or digit before or after it.
 */
function spellingsOf(keyword: string): RegExp | null {
  const letters = withoutAccents(keyword.toLowerCase()).replace(SEPARATORS, '')
  if (letters.length < SHORTEST || !WORD_CHARS.test(letters)) return null
  const chars = [...letters]
  const last = chars.length > SHORTEST && chars[chars.length - 1] === 's' ? `${chars.pop()}?` : ''
  const body = chars.join('[\\s.\\-_/\\u2010\\u2011]?') + last
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?:e?s)?(?![\\p{L}\\p{N}])`, 'u')
}

/** Below U+2000: the Latin, Greek and Cyrillic letters with accents, and more. */
const FOLDED_BELOW = 0x2000
let folded: Uint16Array | undefined

/** Each character below FOLDED_BELOW without its accents, when that is one character; made on first use. */
function foldTable(): Uint16Array {
  if (folded) return folded
  folded = new Uint16Array(FOLDED_BELOW)
  for (let code = 0; code < FOLDED_BELOW; code++) {
    const base = String.fromCharCode(code).normalize('NFD').replace(/\p{M}/gu, '')
    folded[code] = base.length === 1 ? base.charCodeAt(0) : code
  }
  return folded
}

const utf16 = new TextDecoder('utf-16le')

/**
 * The text with its letters' accents taken off ("café" → "cafe"), character for character, so that a place in the
 * result is the same place in the text.
 */
function withoutAccents(text: string): string {
  let i = 0
  while (i < text.length && text.charCodeAt(i) < 128) i++
  if (i === text.length) return text
  const table = foldTable()
  const codes = new Uint16Array(text.length)
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k)
    codes[k] = c < FOLDED_BELOW ? (table[c] as number) : c
  }
  return utf16.decode(codes)
}

const kept = new Map<string, RegExp | null>()

/**
 * The keyword as `lower` (the post in lower case) spells it, or null when it does not hold it in any spelling. Accents
 * are not compared: "cafe" is found as "café" and "résumé" as "resume".
 */
export function keywordAsSpelled(keyword: string, lower: string): string | null {
  let spellings = kept.get(keyword)
  if (spellings === undefined) {
    spellings = spellingsOf(keyword)
    if (kept.size >= 4096) kept.clear()
    kept.set(keyword, spellings)
  }
  const found = spellings?.exec(withoutAccents(lower))
  return found ? lower.slice(found.index, found.index + found[0].length) : null
}

/** A post read against the keyword as it spells it, and that spelling when the post lacks the keyword as given. */
export type Spelled = { reading: Reading; spelled: string | null }

export function readAsSpelled(content: string, keyword: string | undefined, context: string | undefined): Spelled {
  const reading = readPost(content, keyword, context)
  const spelled = reading.keywordPresent === false && keyword ? keywordAsSpelled(keyword, reading.lower) : null
  return { reading: spelled === null ? reading : readPost(content, spelled, context), spelled }
}

/** The input judged against the keyword as the post spells it. */
export const withSpelling = (input: ScoreInput, { spelled }: Spelled): ScoreInput =>
  spelled === null ? input : { ...input, keyword: spelled }
