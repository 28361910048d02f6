/**
 * The characters (UTF-16 units) a match of an expression can start with, read from its source, for the few cues that
 * are scanned on their own (an emoji, a look-behind first; docs/scoring.md#performance): a post holding none of them
 * cannot match, and the scan is skipped. Assertions (`\b`, `^`, look-arounds) are passed over, which can only add
 * characters; anything not read plainly (a class with a range, `\w`, `.`, a letter past ASCII under `i`) gives null:
 * the cue is always scanned.
 */
import { closing, splitTop } from './regex-source'

/** Escapes that stand for their own character. */
const OWN_ESCAPES = new Set([...'.?!/\\-+*()[]{}|^$:,#@&%~=<>\'"'])
const LOOK_AROUND = /^\(\?<?[=!]/

/**
 * The characters a match can start with, or null when they cannot be read. Under `i` without `u`, an ASCII letter
 * matches its two cases only, and no other character matches one of another case (the expression's own rules).
 */
export function leadChars(re: RegExp): string[] | null {
  if (re.unicode || re.flags.includes('v')) return null
  const out = new Set<string>()
  for (const alt of splitTop(re.source)) if (!leadsOf(alt, out)) return null
  for (const c of [...out]) {
    if (!re.ignoreCase || c.toLowerCase() === c.toUpperCase()) continue
    if (!/^[a-z]$/i.test(c)) return null
    out.add(c.toLowerCase())
    out.add(c.toUpperCase())
  }
  return [...out]
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
    if (ch === '\\') {
      const e = seq.charAt(i + 1)
      end = i + 2
      if (e === 'b' || e === 'B') {
        i = end
        continue
      }
      const unit = /^u[0-9a-f]{4}/i.exec(seq.slice(i + 1, i + 6))
      if (unit) {
        end = i + 6
        piece = [String.fromCharCode(Number.parseInt(unit[0].slice(1), 16))]
      } else if (OWN_ESCAPES.has(e)) piece = [e]
      else return false
    } else if (ch === '(' || ch === '[') {
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
    } else if (!'.*+?{}|)'.includes(ch)) piece = [ch]
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
