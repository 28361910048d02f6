/**
 * A reason written within the characters it may have (docs/scoring.md#the-embedded-model): what shortens first is the
 * phrases it quotes, so that the profile matched and the evidence's labels stay whole. The parts in order, each with
 * its group (clauses of a group are joined by ", ", groups by "; "): when the whole is too long, every quote longer
 * than a common length is cut to it, where a word ends and with "…" inside its quote marks (the longest are cut
 * first, none below SHORTEST); when that is not enough, the parts that may go leave, the first to go first; the whole
 * is cut (at a word's end, with "…", a quotation it leaves open closed) only when nothing else is left to shorten.
 */
import { shortened, shortenedQuoting } from '../../lib/text'

/** A phrase quoted: shortened to a common length when the reason is too long. */
export type Quote = { quote: string }
/** A part of a reason: its text and quotes in order; `goes`: when it may leave (lowest first), never without it. */
export type Part = { group: number; pieces: readonly (string | Quote)[]; goes?: number }

/** The shortest a quote is cut to, "…" included: a few words still read as what the post said. */
const SHORTEST = 16

function written(parts: readonly Part[], cap: number, gone: number): string {
  let text = ''
  let group = -1
  for (const part of parts) {
    if (part.goes !== undefined && part.goes <= gone) continue
    if (group >= 0) text += part.group === group ? ', ' : '; '
    group = part.group
    for (const p of part.pieces) text += typeof p === 'string' ? p : cap < 0 ? '""' : `"${shortened(p.quote, cap)}"`
  }
  return text
}

/**
 * The longest length all quotes may keep (at most `longest`) so that the parts not gone fit in `room`, or -1 when
 * none does. A quote cut to a length is at most that long (shortened).
 */
function capFor(parts: readonly Part[], gone: number, room: number, longest: number): number {
  const fixed = written(parts, -1, gone).length
  const quotes: number[] = []
  for (const part of parts)
    if (part.goes === undefined || part.goes > gone)
      for (const p of part.pieces) if (typeof p !== 'string') quotes.push(Math.min(p.quote.length, longest))
  const need = (cap: number) => quotes.reduce((n, length) => n + Math.min(length, cap), fixed)
  let cap = Math.max(SHORTEST, ...quotes)
  while (cap > SHORTEST && need(cap) > room) cap--
  return need(cap) <= room ? cap : -1
}

/**
 * `opening`, the parts and `closing` in at most `most` characters; `longest`: the most a quote has even when all fits
 * (a phrase of a whole paragraph is not a quote).
 */
export function fitted(opening: string, parts: readonly Part[], closing: string, most: number, longest = 60): string {
  const room = most - opening.length - closing.length
  const ranks = [...new Set(parts.flatMap((p) => (p.goes === undefined ? [] : [p.goes])))].sort((a, b) => a - b)
  for (const gone of [Number.NEGATIVE_INFINITY, ...ranks]) {
    const cap = capFor(parts, gone, room, longest)
    if (cap >= 0) return `${opening}${written(parts, cap, gone)}${closing}`
  }
  const all = `${opening}${written(parts, SHORTEST, Number.POSITIVE_INFINITY)}${closing}`
  return shortenedQuoting(all, most)
}
