/**
 * The reason a rules answer gives (docs/model.md#reading-a-post): the cues found, quoted, then the notes on modifiers,
 * keyword, profile or topic and language. Put together by adding each part to the text so far: lists of the parts,
 * filtered and joined, were a tenth of judging a post (docs/model.md#performance).
 */
import { squeezeSpaces } from './chars'
import type { CueHit } from './hits'

/** How many of the cues found a reason quotes, in the order found. */
const CITED = 3

/** `part` after `text` and `separator`; `part` alone when `text` is empty, and `text` when `part` is. */
export const joinTo = (text: string, separator: string, part: string) =>
  part === '' ? text : text === '' ? part : `${text}${separator}${part}`

/** A phrase of the post as quoted: white space squeezed, cut to 60 characters. */
export const clip = (s: string) => {
  const t = squeezeSpaces(s)
  return t.length > 60 ? `${t.slice(0, 57)}...` : t
}

/** An ASCII letter: a cue may start or end inside a word of them ("n't" of "don't", "90 min" of "90 minutes"). */
const isLetter = (c: number) => (c | 0x20) >= 97 && (c | 0x20) <= 122

/** The hit's phrase grown to the whole words it starts and ends in, so that a reader sees words: "don't", not "n't". */
function wholeWords(text: string, h: CueHit): string {
  if (!text.startsWith(h.text, h.index)) return h.text
  let from = h.index
  let to = from + h.text.length
  while (from > 0 && isLetter(text.charCodeAt(from - 1)) && isLetter(text.charCodeAt(from))) from--
  while (to < text.length && isLetter(text.charCodeAt(to)) && isLetter(text.charCodeAt(to - 1))) to++
  return from === h.index && to === h.index + h.text.length ? h.text : text.slice(from, to)
}

/** Whether a cue before `i` found the same phrase. */
function quotedBefore(found: readonly CueHit[], i: number): boolean {
  for (let k = 0; k < i; k++) if ((found[k] as CueHit).text === (found[i] as CueHit).text) return true
  return false
}

/**
 * The reason: the intent, the first cues found in `text`, then the notes, each already written, in the order given.
 * A phrase that two cues found ("evaluating alternatives": wanting an alternative, evaluating options) is quoted once.
 */
export function reasonOf(intent: string, found: readonly CueHit[], notes: readonly string[], text: string): string {
  let head = ''
  let cited = 0
  for (let i = 0; i < found.length && cited < CITED; i++) {
    const h = found[i] as CueHit
    if (quotedBefore(found, i)) continue
    head = joinTo(head, ', ', `${h.what} ("${clip(wholeWords(text, h))}")`)
    cited++
  }
  let tail = ''
  for (const note of notes) tail = joinTo(tail, '; ', note)
  return `${intent}: ${head || 'no buying, switching, complaint or question cues found'}${tail && `; ${tail}`}.`
}

/**
 * The reason of a post off topic for want of words of the team's market (docs/model.md#word-sense): one holding the
 * keyword takes it in another sense; one lacking it (`absent`) cannot, and is about something else.
 */
export function offTopicReason(
  keyword: string | undefined,
  absent: boolean,
  standIn: boolean,
  langNote: string,
): string {
  const against = standIn ? 'what the team sells' : "the team's profiles or their market"
  const what = absent
    ? `the post lacks the keyword "${keyword}" and has too little in common with ${against}, so it is about something else`
    : `${keyword ? `besides the keyword "${keyword}", ` : ''}the post has too little in common with ${against}, so it takes the keyword in another sense`
  return `MENTION: off topic: ${what}${langNote ? `; ${langNote}` : ''}.`
}
