/**
 * Finding a list of cues in one pass over a post's words (docs/scoring.md#performance). Most cues start with a word
 * boundary and one of a few literal words ("\b(?:hate|hates|loathe)…"): such a cue can only match where a word starts
 * with one of those words' first letters. The first letters are read from each cue's own expression when the list is
 * first used; the post's word starts are found once (and shared by every list read from the same post); each cue is
 * then tried, anchored (`y` flag), only at the word starts whose first letters (up to three) one of its words has. A
 * cue whose first words cannot be read this way (an emoji, a look-behind) is scanned on its own.
 * Scanning a 1,200-character post this way costs a fraction of scanning it with every cue, or with their union.
 */
import { getOrAdd } from '../../lib/get-or-add'

/** The literal first words of an expression's source, lower case, or null when some match may start otherwise. */
export function firstWords(source: string): string[] | null {
  const out: string[] = []
  for (const alt of splitTop(source)) {
    if (!alt.startsWith('\\b')) return null
    const words = literalStarts(alt.slice(2))
    if (!words) return null
    out.push(...words)
  }
  return out
}

/** Top-level alternatives of a source: split on `|` outside groups and classes. */
function splitTop(source: string): string[] {
  const parts: string[] = []
  let depth = 0
  let inClass = false
  let start = 0
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (inClass) inClass = ch !== ']'
    else if (ch === '[') inClass = true
    else if (ch === '(') depth++
    else if (ch === ')') depth--
    else if (ch === '|' && depth === 0) {
      parts.push(source.slice(start, i))
      start = i + 1
    }
  }
  parts.push(source.slice(start))
  return parts
}

/** Where the group opening at `open` closes. */
function groupEnd(source: string, open: number): number {
  let depth = 0
  let inClass = false
  for (let i = open; i < source.length; i++) {
    const ch = source[i]
    if (ch === '\\') i++
    else if (inClass) inClass = ch !== ']'
    else if (ch === '[') inClass = true
    else if (ch === '(') depth++
    else if (ch === ')' && --depth === 0) return i
  }
  return -1
}

const LETTER = /[a-z0-9]/i
const OPTIONAL = /^(?:\?|\*|\{0)/

/** The literal words a sequence (after its leading `\b`) starts with, or null. */
function literalStarts(seq: string): string[] | null {
  // Look-arounds take no characters: the words come after them.
  while (/^\(\?<?[=!]/.test(seq)) {
    const end = groupEnd(seq, 0)
    if (end < 0) return null
    seq = seq.slice(end + 1)
  }
  if (seq.startsWith('(?:')) {
    const end = groupEnd(seq, 0)
    if (end < 0 || OPTIONAL.test(seq.slice(end + 1))) return null
    const out: string[] = []
    for (const alt of splitTop(seq.slice(3, end))) {
      const words = literalStarts(alt)
      if (!words) return null
      out.push(...words)
    }
    return out
  }
  // A digit, or one of a few letters or digits: each is a one-letter word.
  if (seq.startsWith('\\d')) return [...'0123456789']
  const set = /^\[([a-z0-9]+)\]/i.exec(seq)
  if (set) return [...(set[1] ?? '').toLowerCase()]
  let word = ''
  for (let i = 0; i < seq.length && LETTER.test(seq.charAt(i)); i++) {
    // A letter made optional by what follows it ("keeps?") ends the literal word before it.
    if (OPTIONAL.test(seq.slice(i + 1))) break
    word += seq.charAt(i).toLowerCase()
  }
  return word ? [word] : null
}

/** Index of a character for the tables below: 0-9, a-z (either case), else -1. */
function slot(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  const l = c | 0x20
  return l >= 97 && l <= 122 ? l - 87 : -1
}
const SLOTS = 36
const isWordChar = (c: number) => slot(c) >= 0 || c === 95

/**
 * Which keyed cues may start at a word, by the word's first letters: `singles` for cues whose literal word has one
 * letter ("i"), `pairs` for two ("so"), `triples` for three or more ("hate" under "hat"). Three letters tell "this"
 * from "the", so common words try few cues.
 */
export type WordIndex = {
  singles: Map<number, number[]>
  pairs: Map<number, number[]>
  triples: Map<number, number[]>
  unkeyed: number[]
}

export function buildIndex(sources: readonly string[]): WordIndex {
  const index: WordIndex = { singles: new Map(), pairs: new Map(), triples: new Map(), unkeyed: [] }
  sources.forEach((source, k) => {
    const words = firstWords(source)
    if (!words) {
      index.unkeyed.push(k)
      return
    }
    for (const w of words) {
      const [a, b, c] = [0, 1, 2].map((i) => slot(w.charCodeAt(i))) as [number, number, number]
      const [table, key] =
        w.length === 1
          ? [index.singles, a]
          : w.length === 2
            ? [index.pairs, a * SLOTS + b]
            : [index.triples, (a * SLOTS + b) * SLOTS + c]
      const list = getOrAdd(table, key, () => [])
      if (!list.includes(k)) list.push(k)
    }
  })
  return index
}

// The word starts of the last post read: every list of one post reads the same text in a row.
let lastText = ''
let lastStarts: number[] = []

/** Where words start: a letter or digit after anything that is not one (as `\b` sees them). */
export function wordStarts(text: string): number[] {
  if (text === lastText) return lastStarts
  const starts: number[] = []
  let prevWord = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const word = isWordChar(c)
    if (word && !prevWord && c !== 95) starts.push(i)
    prevWord = word
  }
  lastText = text
  lastStarts = starts
  return starts
}

/**
 * Calls `visit(k, at)` for each keyed cue `k` that may start at word start `at`, in text order; `visit` answers true
 * once cue `k` needs no more tries.
 */
export function eachCandidate(text: string, index: WordIndex, visit: (k: number, at: number) => boolean): void {
  const done = new Set<number>()
  const { singles, pairs, triples } = index
  const tryAll = (list: number[] | undefined, at: number) => {
    if (list) for (const k of list) if (!done.has(k) && visit(k, at)) done.add(k)
  }
  for (const at of wordStarts(text)) {
    const a = slot(text.charCodeAt(at))
    if (singles.size > 0) tryAll(singles.get(a), at)
    const b = slot(text.charCodeAt(at + 1))
    if (b < 0) continue
    if (pairs.size > 0) tryAll(pairs.get(a * SLOTS + b), at)
    const c = slot(text.charCodeAt(at + 2))
    if (c >= 0 && triples.size > 0) tryAll(triples.get((a * SLOTS + b) * SLOTS + c), at)
  }
}
