/**
 * What a match of an expression can start with, read from its source, for the few cues that are scanned on their own
 * (an emoji, a look-behind first; docs/model.md#performance): a post holding none of it cannot match, and the scan
 * is skipped. A single character followed by another one that must come next is read as the two ("D:" rather than
 * "D", which every post holds). Assertions (`\b`, `^`, look-arounds) are passed over, which can only add starts;
 * anything not read plainly (a class with a range, `\w`, `.`, a letter past ASCII under `i`) gives null: the cue is
 * always scanned.
 */
import { closing, splitTop } from './regex-source'

/** Escapes that stand for their own character. */
const OWN_ESCAPES = new Set([...'.?!/\\-+*()[]{}|^$:,#@&%~=<>\'"'])
const LOOK_AROUND = /^\(\?<?[=!]/

/**
 * The strings (one or two UTF-16 units) a match can start with, or null when they cannot be read. Under `i` without
 * `u`, an ASCII letter matches its two cases only, and no other character matches one of another case (the
 * expression's own rules).
 */
export function leadStrings(re: RegExp): string[] | null {
  if (re.unicode || re.flags.includes('v')) return null
  const out = new Set<string>()
  for (const alt of splitTop(re.source)) if (!leadsOf(alt, out)) return null
  if (!re.ignoreCase) return [...out]
  const cased = new Set<string>()
  for (const lead of out) {
    let forms = ['']
    for (const c of lead) {
      if (c.toLowerCase() === c.toUpperCase()) forms = forms.map((f) => f + c)
      else if (/^[a-z]$/i.test(c)) forms = forms.flatMap((f) => [f + c.toLowerCase(), f + c.toUpperCase()])
      else return null
    }
    for (const f of forms) cased.add(f)
  }
  return [...cased]
}

/** The single character written at `i` of `seq` (a plain character, an escape of its own, `\uXXXX`) and its end. */
function literalAt(seq: string, i: number): [string, number] | null {
  const ch = seq.charAt(i)
  if (ch === '\\') {
    const unit = /^u[0-9a-f]{4}/i.exec(seq.slice(i + 1, i + 6))
    if (unit) return [String.fromCharCode(Number.parseInt(unit[0].slice(1), 16)), i + 6]
    const e = seq.charAt(i + 1)
    return OWN_ESCAPES.has(e) ? [e, i + 2] : null
  }
  return ch !== '' && !'.*+?{}|()[^$'.includes(ch) ? [ch, i + 1] : null
}

/** A class's characters (`[...]` without its brackets), or null for a negated class, a range or an escape not read. */
function classChars(body: string): string[] | null {
  if (body.startsWith('^')) return null
  const chars: string[] = []
  for (let i = 0; i < body.length; i++) {
    let ch = body.charAt(i)
    if (ch === '\\') {
      ch = body.charAt(++i)
      if (!OWN_ESCAPES.has(ch)) return null
    } else if (ch === '-' && i > 0 && i < body.length - 1) return null
    chars.push(ch)
  }
  return chars
}

/**
 * The character that must come right after a single character ending at `end` when the match takes that one (taken
 * once or left out, `c` or `c?`), or null: nothing read, or one that may be left out or another that may repeat.
 */
function secondOf(seq: string, end: number): string | null {
  let j = end
  const quantifier = seq.charAt(j)
  if (quantifier === '?') j += seq.charAt(j + 1) === '?' ? 2 : 1
  else if (quantifier === '*' || quantifier === '+' || quantifier === '{') return null
  const next = literalAt(seq, j)
  const after = next ? seq.charAt(next[1]) : ''
  return next && after !== '?' && after !== '*' && after !== '{' ? next[0] : null
}

/**
 * Adds the leads of a sequence of pieces to `out`: those of its first piece, and of the next ones while the pieces
 * before may take nothing. False when they cannot be read, or when the whole sequence may take nothing.
 */
function leadsOf(seq: string, out: Set<string>): boolean {
  let i = 0
  while (i < seq.length) {
    const ch = seq.charAt(i)
    let piece: string[] | null = null
    let end = i + 1
    if (ch === '^' || ch === '$') {
      i++
      continue
    }
    if (ch === '\\' && (seq.charAt(i + 1) === 'b' || seq.charAt(i + 1) === 'B')) {
      i += 2
      continue
    }
    const literal = literalAt(seq, i)
    if (literal) {
      end = literal[1]
      piece = [literal[0] + (secondOf(seq, end) ?? '')]
    } else if (ch === '\\') return false
    else if (ch === '(' || ch === '[') {
      const close = closing(seq, i)
      if (close < 0) return false
      end = close + 1
      if (LOOK_AROUND.test(seq.slice(i, i + 4))) {
        i = end
        continue
      }
      if (ch === '[') piece = classChars(seq.slice(i + 1, close))
      else if (seq.startsWith('(?:', i) || seq.charAt(i + 1) !== '?') {
        const inner = new Set<string>()
        const body = seq.slice(seq.charAt(i + 1) === '?' ? i + 3 : i + 1, close)
        piece = splitTop(body).every((alt) => leadsOf(alt, inner)) ? [...inner] : null
      }
    }
    if (piece === null) return false
    for (const c of piece) out.add(c)
    // A piece that may be taken no times lets the next one start the match.
    const q = seq.charAt(end)
    if (q === '?' || q === '*') i = end + 1
    else if (/^\{0[,}]/.test(seq.slice(end, end + 3))) i = seq.indexOf('}', end) + 1
    else return true
    if (seq.charAt(i) === '?') i++
  }
  return false
}

/**
 * A sign every match of the expression holds (not a letter, digit or space: "?" for "do … ?"), or null: a literal one
 * taken at least once by every alternative outside groups and classes. A post without it needs no try of the cue
 * (match.ts), which a question cue would get at every "is" or "do" of a post asking nothing.
 */
export function mustHold(re: RegExp): string | null {
  let common: string[] | undefined
  for (const alt of splitTop(re.source)) {
    const held = new Set<string>()
    for (let i = 0; i < alt.length; ) {
      const ch = alt.charAt(i)
      const literal = literalAt(alt, i)
      let end = literal ? literal[1] : ch === '\\' ? i + 2 : ch === '(' || ch === '[' ? closing(alt, i) + 1 : i + 1
      if (end <= i) return null
      const q = alt.charAt(end)
      const optional = q === '?' || q === '*' || /^\{0[,}]/.test(alt.slice(end, end + 3))
      if (literal && !optional && /^[^\p{L}\p{N}\s]$/u.test(literal[0])) held.add(literal[0])
      // Past the piece's quantifier, lazy or not.
      if (q === '{') {
        end = alt.indexOf('}', end) + 1
        if (end === 0) return null
      } else if (q === '?' || q === '*' || q === '+') end++
      if (alt.charAt(end) === '?') end++
      i = end
    }
    common = common === undefined ? [...held] : common.filter((c) => held.has(c))
  }
  return common?.[0] ?? null
}

// A cue that may start only at a sentence's start: `\b(?<=(?:^|[.!?\n])\s*)…`, the class naming where sentences end.
const SENTENCE_START = /^\\b\(\?<=\(\?:\^\|\[((?:[^\]\\]|\\.)+)\]\)\\s\*\)/

/**
 * For a cue written to start a sentence, the characters that end one (its look-behind's class), else null. The match
 * then tells a word start inside a sentence without running the expression (startsSentence), which for a question
 * cue reads on up to the next "?" at every "is" and "do" of the post (docs/model.md#performance).
 */
export function sentenceEnds(re: RegExp): string | null {
  if (re.multiline) return null
  const m = SENTENCE_START.exec(re.source)
  if (!m) return null
  // The class's characters: plain ones, escapes of their own and `\n`; anything else is not read.
  const body = (m[1] as string).replace(/\\n/g, '\n')
  const chars = classChars(body)
  return chars ? chars.join('') : null
}
