/**
 * The reason a rules answer gives (docs/model.md#reading-a-post): the cues found, quoted, the profile matched, then the
 * notes on modifiers, keyword, topic and language, in at most MAX_REASON characters. Put together by adding each part
 * to the text so far: lists of the parts, filtered and joined, were a tenth of judging a post
 * (docs/model.md#performance); only a reason too long as a whole is made again of its parts, to fit (fit.ts).
 */
import { squeezeSpaces } from './chars'
import { shortened } from '../../lib/text'
import { fitted, type Part } from './fit'
import type { CueHit } from './hits'
import { LANG_NAMES, type Lang } from './words'
import { MAX_REASON } from '../types'

/** The note on the language of a post not in English. */
export const languageNote = (lang: Lang) =>
  lang === 'en'
    ? ''
    : lang === 'other'
      ? `written in ${LANG_NAMES.other}: judged on the keyword and profiles only`
      : `written in ${LANG_NAMES[lang]}, read with the rules' ${LANG_NAMES[lang]} phrases`

/** How many of the cues found a reason quotes, in the order found. */
const CITED = 3

/** `part` after `text` and `separator`; `part` alone when `text` is empty, and `text` when `part` is. */
export const joinTo = (text: string, separator: string, part: string) =>
  part === '' ? text : text === '' ? part : `${text}${separator}${part}`

/** The most characters a phrase quoted has, "…" included. */
const CLIPPED = 60

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

/** What a rules reason says (judge.ts), to be written whole or within a number of characters (fit.ts). */
export type ReasonFacts = {
  intent: string
  found: readonly CueHit[]
  text: string
  /** The modifiers found: what each is and the phrase of the post. */
  modifiers: readonly (readonly [string, string])[]
  /** A competitor named, '' when none (or the intent is COMPETITOR, whose cues name it). */
  competitor: string
  /** The keyword as the team spells it, and whether the post holds it; undefined when there is none to look for. */
  keyword: { spelled: string; present: boolean } | undefined
  icp: { name: string; tokens: readonly string[] } | null
  /** The words that make the post on topic, when no profile matched. */
  onTopic: readonly string[]
  /** The note on the post's language, '' for English. */
  lang: string
}

/** The profile's words a clause lists; the others are counted. */
const ICP_WORDS = 8

/** The clause naming the matched profile in full and the words of it the post holds. */
export function icpClause(icp: { name: string; tokens: readonly string[] }): string {
  const more = icp.tokens.length - ICP_WORDS
  const words = more > 0 ? `${icp.tokens.slice(0, ICP_WORDS).join(', ')} and ${more} more` : icp.tokens.join(', ')
  return `matches ICP "${icp.name}" (${words})`
}

/** The cues a reason quotes: the first CITED found, a phrase two cues found once, each in whole words. */
function cited(f: ReasonFacts): { what: string; phrase: string }[] {
  const cues: { what: string; phrase: string }[] = []
  for (let i = 0; i < f.found.length && cues.length < CITED; i++) {
    const h = f.found[i] as CueHit
    if (!quotedBefore(f.found, i)) cues.push({ what: h.what, phrase: squeezeSpaces(wholeWords(f.text, h)) })
  }
  return cues
}

const NO_CUES = 'no buying, switching, complaint or question cues found'
const quote = (what: string, phrase: string) => `${what} ("${shortened(phrase, CLIPPED)}")`

/**
 * The reason: the intent, the first cues found in `text` with their phrases, the profile matched, the modifiers and a
 * competitor named, the keyword, the words on topic and the language, in at most `most` characters (fitted). `withIcp`
 * false leaves the profile out and `opening` false the intent (the model's reason states the profile itself and
 * quotes the rest, model/answer.ts).
 */
export function reasonOf(f: ReasonFacts, most = MAX_REASON, withIcp = true, opening = true): string {
  const cues = cited(f)
  let head = ''
  for (const c of cues) head = joinTo(head, ', ', quote(c.what, c.phrase))
  let notes = ''
  for (const [label, phrase] of f.modifiers) notes = joinTo(notes, ', ', quote(label, squeezeSpaces(phrase)))
  if (f.competitor) notes = joinTo(notes, ', ', `names competitor "${f.competitor}"`)
  const kw = f.keyword && `keyword "${f.keyword.spelled}" ${f.keyword.present ? 'present' : 'absent'}`
  let tail = joinTo(withIcp && f.icp ? icpClause(f.icp) : '', '; ', notes)
  tail = joinTo(
    joinTo(tail, '; ', kw || ''),
    '; ',
    f.onTopic.length > 0 ? `on topic ("${f.onTopic.join('", "')}")` : '',
  )
  tail = joinTo(tail, '; ', f.lang)
  const whole = `${opening ? `${f.intent}: ` : ''}${head || NO_CUES}${tail && `; ${tail}`}.`
  return whole.length <= most ? whole : fittedReason(f, cues, most, withIcp, opening)
}

/**
 * The reason of `f` too long as a whole, in `most` characters (fit.ts): the quotes are shortened first; then the
 * keyword, a competitor named, the later cues, the modifiers, the words on topic and the language leave, in that
 * order. The intent, its first cue and the profile stay.
 */
function fittedReason(
  f: ReasonFacts,
  cues: readonly { what: string; phrase: string }[],
  most: number,
  withIcp: boolean,
  opening: boolean,
): string {
  const quoted = (group: number, what: string, phrase: string, goes?: number): Part => ({
    group,
    pieces: [`${what} (`, { quote: phrase }, ')'],
    goes,
  })
  // Ranks of leaving: within the cues and the modifiers, the last first.
  const [KEYWORD, COMPETITOR, CUES, MODIFIERS, TOPIC, LANG] = [0, 1, 2, 100, 101, 200]
  const parts: Part[] = cues.map((c, i) => quoted(0, c.what, c.phrase, i === 0 ? undefined : CUES + cues.length - i))
  if (parts.length === 0) parts.push({ group: 0, pieces: [NO_CUES] })
  if (withIcp && f.icp) parts.push({ group: 1, pieces: [icpClause(f.icp)] })
  for (const [i, [label, phrase]] of f.modifiers.entries())
    parts.push(quoted(2, label, squeezeSpaces(phrase), MODIFIERS + f.modifiers.length - i))
  if (f.competitor) parts.push({ group: 2, pieces: [`names competitor "${f.competitor}"`], goes: COMPETITOR })
  if (f.keyword) {
    const said = f.keyword.present ? ' present' : ' absent'
    parts.push({ group: 3, pieces: ['keyword ', { quote: f.keyword.spelled }, said], goes: KEYWORD })
  }
  if (f.onTopic.length > 0) parts.push({ group: 4, pieces: [`on topic ("${f.onTopic.join('", "')}")`], goes: TOPIC })
  if (f.lang) parts.push({ group: 5, pieces: [f.lang], goes: LANG })
  return fitted(opening ? `${f.intent}: ` : '', parts, '.', most, CLIPPED)
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
