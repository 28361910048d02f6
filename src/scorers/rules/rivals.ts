/**
 * Whom the caller competes with: the rivals named by their ICP profiles or their `context` (caller-context.ts),
 * switching frames ("switching from X") and a product named next to a complaint.
 */
import { SWITCH_CUES } from './buying-cues'
import { endsSentence } from './chars'
import { type Context, isOurs } from './caller-context'
import { COMMON_CAPS, GENERIC_NAMES } from './modifiers'
import type { IcpProfile } from '../types'
import type { CueHit } from './hits'
import { matchStart, wordAt } from './match'
import {
  isCapitalised,
  looksLikeProduct,
  trimTrailing,
  withoutApostrophes,
  withoutPossessive,
  withoutSign,
  wordsIn,
} from './name-shape'

/**
 * A rival product found in a post; `of` names the ICP profile that lists it, when one does. `unnamed`: the post writes
 * it as a word, not as a name (no capital, handle or domain: "evaluating alternatives", "switching from hubspot"), so
 * a reason quotes the phrase rather than calling the word a competitor.
 */
export type Rival = { name: string; cue: string; how: string; of?: string; unnamed?: boolean }

/** A rival named in the post: by a profile (`of` names it) or in the caller's context; `at` = where it occurs. */
export type Named = { name: string; of?: string; at: number[] }

/** Whole-word occurrences of `needle` (lower case) in `lower`, at most `max`. */
function occurrences(lower: string, needle: string, max = 4): number[] {
  const at: number[] = []
  for (let i = lower.indexOf(needle); i !== -1 && at.length < max; i = lower.indexOf(needle, i + 1)) {
    if (wordAt(lower, i, needle.length)) at.push(i)
  }
  return at
}

/**
 * The rivals named by the team's profiles (`competitors`) and by the caller's context that occur in the post as whole
 * words, case-insensitively, with or without an @ or #: "@pipedrive", "Pipedrive's", "PIPEDRIVE". A name listed as a
 * competitor stays one when it is also the keyword (teams track their rivals' names); the caller's own product never
 * is. `lower` is the post in lower case.
 */
export function namedRivals(lower: string, icps: readonly IcpProfile[], ctx: Context): Named[] {
  const out: Named[] = []
  const add = (raw: string, of?: string) => {
    const name = raw.trim().replace(/^[@#]/, '')
    const needle = name.toLowerCase()
    if (needle.length < 2 || ctx.own.has(needle) || out.some((n) => n.name.toLowerCase() === needle)) return
    const at = occurrences(lower, needle)
    if (at.length > 0) out.push({ name, of, at })
  }
  for (const icp of icps) for (const raw of icp.competitors ?? []) add(raw, icp.name)
  for (const raw of ctx.rivals) add(raw)
  return out
}

/** Whether the post names the caller's own product (read from `context`): it is then about the caller's market. */
export function namesOwn(lower: string, ctx: Context): boolean {
  for (const own of ctx.own) if (lower.includes(own)) return true
  return false
}

/**
 * Whether a name occurs written as a product's name: with a capital inside it ("HubSpot"), or capitalised where a
 * sentence does not start ("we left Zendesk"). A capital at the start of a sentence says nothing: every word has one.
 */
export function writtenAsName(text: string, n: Named): boolean {
  return n.at.some((i) => {
    const written = text.slice(i, i + n.name.length)
    if (/^.+[A-Z]/.test(written)) return true
    if (!/^[A-Z]/.test(written)) return false
    return !/(?:^|[.!?\n])\s*$/.test(text.slice(Math.max(0, i - 4), i))
  })
}

/**
 * A switching frame naming a rival, or the generic meaning of the frame when the name is not a rival. A comparison
 * ("Foo vs Bar", "better than Foo") names a product without saying that the writer leaves it: it is kept apart, as
 * `compared`, for the judge to read with the rest of the post. A frame naming the keyword is kept as `keyword`: the
 * keyword is a rival for a team whose profiles list it as a competitor (teams track their rivals' names). `found`:
 * the first match of each of SWITCH_CUES, read with the post's other cues in one scan (reading.ts).
 */
export function findSwitch(
  text: string,
  ctx: Context,
  found: ReadonlyArray<RegExpExecArray | null>,
): {
  rival: Rival | null
  compared: Rival | null
  keyword: (Rival & { compare: boolean }) | null
  active: CueHit[]
  pain: CueHit[]
} {
  const active: CueHit[] = []
  const pain: CueHit[] = []
  let compared: Rival | null = null
  let keyword: (Rival & { compare: boolean }) | null = null
  // An empty list: none of the frames is in the post (match-groups.ts NONE_FOUND).
  for (let j = 0; j < found.length; j++) {
    const m = found[j]
    const c = SWITCH_CUES[j]
    if (!m || !c) continue
    const captured = m[1] ?? ''
    const raw = captured.replace(/^[@#]/, '')
    const name = raw.toLowerCase()
    const looksProper = /^[@#]/.test(captured) || /[A-Z]/.test(raw) || /\.\w/.test(raw)
    if (c.proper && !looksProper) continue
    const generic = GENERIC_NAMES.has(name) || /^\d+$/.test(name)
    const start = matchStart(m)
    const phrase = text.slice(start, m.index + m[0].length)
    if (!generic && !isOurs(name, ctx)) {
      const rival: Rival = looksProper
        ? { name: raw, cue: phrase, how: 'names a competitor' }
        : { name: raw, cue: phrase, how: c.what, unnamed: true }
      const leaves = c.kind === 'switch' || c.kind === 'price'
      if (leaves) return { rival, compared, keyword, active, pain }
      compared ??= rival
      if (c.kind === 'choose') active.push({ what: c.what, text: phrase, w: c.w, index: start })
      continue
    }
    if (!generic && !ctx.own.has(name))
      keyword ??= {
        name: raw,
        cue: phrase,
        how: 'names a competitor',
        compare: c.kind === 'compare' || c.kind === 'choose',
      }
    const hit = { what: c.what, text: phrase, w: c.w, index: start }
    if (c.kind === 'switch' || c.kind === 'choose') active.push(hit)
    else if (c.kind === 'price') pain.push(hit)
  }
  return { rival: null, compared, keyword, active, pain }
}

// Where the words of a sentence start and end, two numbers a word (wordsIn), reused from call to call.
const WORDS: number[] = []
const SUBJECT_VERB =
  /^\s+(?:is|was|has|keeps|just|won['’]?t|doesn['’]?t|isn['’]?t|can['’]?t|sucks|crashed|broke|charged|lost|never|still)\b/i

/** A product named in the sentence around a complaint, other than ours: "Foo keeps crashing", "Foo's sync broke" → Foo. */
export function productNear(text: string, index: number, ctx: Context): string | null {
  let start = index
  while (start > 0 && index - start < 200 && !endsSentence(text.charCodeAt(start - 1))) start--
  let end = index
  while (end < text.length && end - index < 200 && !endsSentence(text.charCodeAt(end))) end++
  const found = wordsIn(text, start, end, WORDS)
  for (let k = 0; k < found; k++) {
    const from = WORDS[2 * k]
    const to = WORDS[2 * k + 1]
    const w = trimTrailing(text.slice(from, to))
    const bare = withoutSign(w).toLowerCase()
    if (isOurs(bare, ctx) || GENERIC_NAMES.has(bare) || COMMON_CAPS.has(withoutApostrophes(bare))) continue
    const handle = w.charCodeAt(0) === 64
    const capital = isCapitalised(w) && (k > 0 || SUBJECT_VERB.test(text.slice(to, end)))
    if (handle || looksLikeProduct(w) || capital) return withoutPossessive(w)
  }
  return null
}
