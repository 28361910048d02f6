/**
 * What every match of a cue starts with, read from the cue's own expression (docs/model.md#performance): its first
 * literal words ("\b(?:hate|hates|loathe)"), and past them, while the expression stays literal, the next ones
 * ("\b(?:i|we)\s+(?:really\s+)?(?:want|need)" starts with "i want", "i really", "we need"…). A start is written in
 * lower case, with " " for a run of white space (`\s`, `\s+`). `whole`: the match needs a character that is not a
 * word's right after the start ("\bin\s" does not start "inside"). A start is a condition every match meets, never
 * more: a piece of an expression that is not read ends the starts there.
 */

import { closing, splitTop } from './regex-source'

export type Start = { text: string; whole: boolean }
/** While reading: `open` starts may still grow. */
type Partial = Start & { open: boolean }
type Piece =
  | { kind: 'chars'; chars: string[] } // one of these characters
  | { kind: 'group'; alts: string[] }
  | { kind: 'zero' } // a look-around: takes no character
  | { kind: 'end'; nonWord: boolean } // \b, or a piece not read; nonWord: it takes a character that is no word's
type Quantity = { min: number; max: number }

/**
 * At most this many starts per cue, of at most this many characters: enough to tell the cues' words apart. 384 lets
 * "\b(?:i|we|i'd|we'd)\s+(?:really\s+|so\s+|…)?(?:want|need|…)" reach its verbs, so it is not tried at every "we":
 * 36 tries per 1,200-character post instead of 61, for a tree of 30,000 nodes instead of 16,000 (docs/model.md#performance).
 */
const MAX_STARTS = 384
const MAX_LENGTH = 12
export const SPACE = ' '
const ALNUM = /^[a-z0-9]$/i
/** Characters of a start besides letters and digits. */
const MARKS = new Set(["'", '’', '-', SPACE])
/** A point, read only where it stands for itself (escaped, or in a class). */
const POINT = '.'
const LITERAL = /^[a-z0-9'’-]$/i
const QUANTIFIER = /^[?*+{]$/
const NON_WORD_ESCAPES = new Set([...'.?!/\\-+*()[]{}|^$:,#@&%~=<>\'"nrtfv'])

/** The starts of an expression's source, or null when some match may start otherwise (not at a word). */
export function firstWords(source: string): Start[] | null {
  const out = new Map<string, Start>()
  for (const alt of splitTop(source)) {
    if (!alt.startsWith('\\b')) return null
    for (const p of expand(alt.slice(2), [{ text: '', whole: false, open: true }])) {
      if (!p.text || !ALNUM.test(p.text.charAt(0))) return null
      out.set(`${p.whole ? '|' : ' '}${p.text}`, { text: p.text, whole: p.whole })
    }
  }
  return [...out.values()]
}

/** The members of a class (`[...]` without its brackets) as start characters, or a piece not read. */
function readClass(body: string): Piece {
  // A negated class, or one with a range, may take a word's character.
  if (body.startsWith('^') || /[^\\]-./.test(body)) return { kind: 'end', nonWord: false }
  const chars: string[] = []
  for (let i = 0; i < body.length; i++) {
    let ch = body.charAt(i)
    if (ch === '\\') {
      const e = body.charAt(++i)
      ch = e === 's' ? SPACE : e === POINT ? POINT : NON_WORD_ESCAPES.has(e) ? `\\${e}` : '\\w'
    }
    chars.push(ch.toLowerCase())
  }
  if (chars.every((c) => ALNUM.test(c) || MARKS.has(c) || c === POINT))
    return { kind: 'chars', chars: [...new Set(chars)] }
  return { kind: 'end', nonWord: chars.every((c) => !ALNUM.test(c) && c !== '_' && c !== '\\w') }
}

/** The piece of a sequence at `i`, and where the next one begins. */
function readPiece(seq: string, i: number): [Piece, number] {
  const ch = seq.charAt(i)
  if (ch === '\\') {
    const e = seq.charAt(i + 1)
    if (e === 's') return [{ kind: 'chars', chars: [SPACE] }, i + 2]
    if (e === 'd') return [{ kind: 'chars', chars: [...'0123456789'] }, i + 2]
    if (e === 'b') return [{ kind: 'end', nonWord: true }, i + 2]
    // A literal point ("a\.s\.a\.p", "vs\.?") is a character of the tree too (start-tree.ts).
    if (e === POINT) return [{ kind: 'chars', chars: [POINT] }, i + 2]
    return [{ kind: 'end', nonWord: NON_WORD_ESCAPES.has(e) }, i + 2]
  }
  if (ch === '[' || ch === '(') {
    const end = closing(seq, i)
    if (end < 0) return [{ kind: 'end', nonWord: false }, seq.length]
    if (ch === '[') return [readClass(seq.slice(i + 1, end)), end + 1]
    if (/^\(\?<?[=!]/.test(seq.slice(i, i + 4))) return [{ kind: 'zero' }, end + 1]
    const body = seq.startsWith('(?:', i)
      ? seq.slice(i + 3, end)
      : seq.charAt(i + 1) === '?'
        ? null
        : seq.slice(i + 1, end)
    return [body === null ? { kind: 'end', nonWord: false } : { kind: 'group', alts: splitTop(body) }, end + 1]
  }
  if (ch === SPACE) return [{ kind: 'chars', chars: [SPACE] }, i + 1]
  if (ALNUM.test(ch) || MARKS.has(ch)) {
    // A run of literal characters is one piece, but for a last one that a quantifier follows ("keeps?").
    let end = i + 1
    while (LITERAL.test(seq.charAt(end)) && !QUANTIFIER.test(seq.charAt(end + 1))) end++
    return [{ kind: 'chars', chars: [seq.slice(i, end).toLowerCase()] }, end]
  }
  // Any other character is one that is not a word's ("_" is); ".", "^" and "$" are not characters.
  return [{ kind: 'end', nonWord: !'._^$'.includes(ch) }, i + 1]
}

/** The quantifier at `i` (none: exactly once), and where it ends. */
function readQuantity(seq: string, i: number): [Quantity, number] {
  const ch = seq.charAt(i)
  let q: Quantity = { min: 1, max: 1 }
  let next = i
  if (ch === '?' || ch === '*' || ch === '+') {
    q = { min: ch === '+' ? 1 : 0, max: ch === '?' ? 1 : Number.POSITIVE_INFINITY }
    next = i + 1
  } else if (ch === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(seq.slice(i))
    if (m) {
      const min = Number(m[1])
      q = { min, max: m[2] === undefined ? min : m[3] ? Number(m[3]) : Number.POSITIVE_INFINITY }
      next = i + m[0].length
    }
  }
  return [q, seq.charAt(next) === '?' && next > i ? next + 1 : next]
}

/** Whether a piece, taken at least once, starts with a character that is not a word's. */
function startsNonWord(piece: Piece, q: Quantity): boolean {
  if (piece.kind === 'end') return piece.nonWord && q.min >= 1
  return piece.kind === 'chars' && q.min >= 1 && piece.chars.every((c) => !ALNUM.test(c))
}

const endsWord = (text: string) => ALNUM.test(text.charAt(text.length - 1))
const close = (p: Partial, nonWordNext: boolean): Partial =>
  p.open ? { text: p.text, whole: nonWordNext && endsWord(p.text), open: false } : p
// A start that reached MAX_LENGTH ends there; one more white space after white space is the same run.
const append = (p: Partial, c: string): Partial =>
  c === SPACE && p.text.endsWith(SPACE)
    ? p
    : p.text.length >= MAX_LENGTH
      ? close(p, false)
      : { text: p.text + c, whole: false, open: true }

/** The starts `from` grown by the sequence `seq` (a whole alternative, or one inside a group). */
function expand(seq: string, from: Partial[]): Partial[] {
  let parts = from
  for (let i = 0; i < seq.length && parts.some((p) => p.open); ) {
    const [piece, afterPiece] = readPiece(seq, i)
    const [q, next] = readQuantity(seq, afterPiece)
    i = next
    const grown = grow(piece, q, parts)
    const open = grown.filter((p) => p.open)
    if (open.length > MAX_STARTS) {
      // Too many: the starts end before this piece, or after it when it is the first (its words are needed).
      if (parts.every((p) => p.text === '')) return grown.map((p) => close(p, false))
      return parts.map((p) => close(p, startsNonWord(piece, q)))
    }
    parts = grown
  }
  return parts
}

/** The starts grown by one piece taken `q` times. */
function grow(piece: Piece, q: Quantity, parts: Partial[]): Partial[] {
  if (piece.kind === 'zero' || q.max === 0) return parts
  if (piece.kind === 'end') return parts.map((p) => close(p, piece.nonWord && q.min >= 1))
  const open = parts.filter((p) => p.open)
  const ended = parts.filter((p) => !p.open)
  // A piece that repeats, but white space (one start character for the whole run): taken once, then the starts end.
  const repeats = q.max > 1 && !(piece.kind === 'chars' && piece.chars.length === 1 && piece.chars[0] === SPACE)
  if (repeats && q.min === 0) return parts.map((p) => close(p, false))
  const once =
    piece.kind === 'chars'
      ? open.flatMap((p) => piece.chars.map((c) => append(p, c)))
      : piece.alts.flatMap((alt) => expand(alt, open))
  return [...ended, ...(q.min === 0 ? open : []), ...(repeats ? once.map((p) => close(p, false)) : once)]
}
