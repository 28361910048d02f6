/**
 * The embedded `rules` scorer: a deterministic, offline classifier of buying intent in social posts.
 *
 * How it decides, in order:
 *  1. COMPETITOR when a product that is neither the keyword nor the caller's own (taken from `context`) is named in a
 *     switching frame ("switching from X", "X alternative", "X is too expensive"), or next to a complaint or buying
 *     language once we know what the caller sells.
 *  2. ACTIVE when buying cues ("looking for a", "any recommendations", "budget for") reach a strength of 1.5.
 *  3. PAIN when complaint cues ("hate", "is down again", "doesn't work") reach 1.
 *  4. QUESTION when question cues reach 1; otherwise MENTION.
 * A cue preceded by a negation ("not looking for") is skipped. The score starts from a base per intent (ACTIVE
 * highest, MENTION lowest), grows with the strength of the cues, the keyword, budget, urgency, team size and an ICP
 * match, and is capped per intent so that the order of intents survives the bonuses.
 *
 * Cue lists live in rules-cues.ts; every regular expression is compiled once at module load.
 */
import {
  ACTIVE_CUES,
  BUDGET_RE,
  COMMON_CAPS,
  type Cue,
  GENERIC_NAMES,
  NEGATION_BEFORE,
  PAIN_CUES,
  QUESTION_CUES,
  STOP_WORDS,
  SWITCH_CUES,
  TEAM_SIZE_RE,
  URGENCY_RE,
} from './rules-cues'
import type { IcpProfile, Intent, ScoreInput, ScoreResult, Scorer } from './types'

export type CueHit = { what: string; text: string; w: number; index: number }

const BASE: Record<Intent, number> = { ACTIVE: 5.5, COMPETITOR: 4, PAIN: 3.5, QUESTION: 2, MENTION: 0.5 }
const CAP: Record<Intent, number> = { ACTIVE: 10, COMPETITOR: 9.5, PAIN: 8, QUESTION: 6, MENTION: 4 }
const THRESHOLD = 1.5
// One clear complaint word is enough for PAIN: brand-directed complaints are often a single terse line.
const PAIN_THRESHOLD = 1

/** True when a negation ("not", "never", "don't", "no longer") sits at most two words before `index`. */
export function isNegated(text: string, index: number): boolean {
  return NEGATION_BEFORE.test(text.slice(Math.max(0, index - 32), index))
}

/** A negation inside the matched phrase itself: "I don't want to buy", "we really do not need a". */
const NEGATION_INSIDE = /\b(?:not|never|no|(?:do|does|did|wo|ca)n['’]?t|cannot)\b/i

/** First non-negated occurrence of a cue, or null. The regex is shared, so lastIndex is reset before use. */
function firstMatch(text: string, c: Cue): RegExpExecArray | null {
  c.re.lastIndex = 0
  for (let m = c.re.exec(text); m !== null; m = c.re.exec(text)) {
    if (!c.neg || (!isNegated(text, m.index) && !NEGATION_INSIDE.test(m[0]))) return m
  }
  return null
}

/** Every cue of a list that occurs in the text, each with the phrase it matched. */
export function findCues(text: string, cues: readonly Cue[]): CueHit[] {
  const hits: CueHit[] = []
  for (const c of cues) {
    const m = firstMatch(text, c)
    if (m) hits.push({ what: c.what, text: m[0], w: c.w, index: m.index })
  }
  return hits
}

function firstOf(text: string, re: RegExp): string | null {
  re.lastIndex = 0
  const m = re.exec(text)
  return m ? m[0] : null
}

const sum = (hits: CueHit[]) => hits.reduce((s, h) => s + h.w, 0)
const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim()
  return t.length > 60 ? `${t.slice(0, 57)}...` : t
}

// What the caller sells and whom they compete with, read from `context` ("We sell Acme, an alternative to Foo").
const OWN_NAME_RE =
  /\b(?:[Ww]e\s+(?:sell|build|make|offer|run|develop|created?)|(?:[Oo]ur|[Mm]y)\s+(?:product|tool|app|platform|service|company|startup|saas)(?:\s*,)?\s+(?:is\s+|called\s+|named\s+)?|I(?:['’]m|\s+am)\s+(?:building|the\s+founder\s+of|founder\s+of))\s+(?:a\s+|an\s+|the\s+)?([A-Z][\w.&+-]*)|^\s*([A-Z][\w.&+-]*)\s+(?:is|helps|lets)\b/g
const RIVAL_LIST_RE =
  /\b(?:alternative\s+to|competitors?(?:\s+(?:are|include|like))?\s*:?|compete\s+with|competing\s+with|vs\.?|versus|instead\s+of|replacement\s+for|cheaper\s+than|better\s+than|unlike)\s+((?:[A-Z][\w.&+-]*(?:\s*,\s*|\s+(?:and|or)\s+)?)+)/g

type Context = { own: Set<string>; rivals: string[]; keyword: string; keywordTokens: string[] }

function readContext(keyword: string | undefined, context: string | undefined): Context {
  const kw = (keyword ?? '').trim().toLowerCase()
  const own = new Set<string>()
  const rivals: string[] = []
  if (context) {
    OWN_NAME_RE.lastIndex = 0
    for (let m = OWN_NAME_RE.exec(context); m; m = OWN_NAME_RE.exec(context)) own.add((m[1] ?? m[2] ?? '').toLowerCase())
    RIVAL_LIST_RE.lastIndex = 0
    for (let m = RIVAL_LIST_RE.exec(context); m; m = RIVAL_LIST_RE.exec(context)) {
      for (const n of (m[1] ?? '').split(/\s*,\s*|\s+(?:and|or)\s+/)) {
        const name = n.trim().toLowerCase()
        if (name && !own.has(name) && !GENERIC_NAMES.has(name)) rivals.push(name)
      }
    }
  }
  return { own, rivals, keyword: kw, keywordTokens: kw ? kw.split(/[^a-z0-9+#.]+/).filter(Boolean) : [] }
}

function isOurs(name: string, ctx: Context): boolean {
  return name === ctx.keyword || ctx.own.has(name) || (!name.includes(' ') && ctx.keywordTokens.includes(name))
}

/** a-z or 0-9; NaN (outside the string) is not. */
const isWordChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57)

/** Whole-word, case-insensitive occurrence of `needle` (already lower case) in `hay` (already lower case). */
export function containsWord(hay: string, needle: string): boolean {
  if (!needle) return false
  for (let i = hay.indexOf(needle); i !== -1; i = hay.indexOf(needle, i + 1)) {
    if (!isWordChar(hay.charCodeAt(i - 1)) && !isWordChar(hay.charCodeAt(i + needle.length))) return true
  }
  return false
}

type Rival = { name: string; cue: string; how: string }

/** A switching frame naming a rival, or the generic meaning of the frame when the name is not a rival. */
function findSwitch(text: string, ctx: Context): { rival: Rival | null; active: CueHit[]; pain: CueHit[] } {
  const active: CueHit[] = []
  const pain: CueHit[] = []
  for (const c of SWITCH_CUES) {
    const m = firstMatch(text, c)
    if (!m) continue
    const captured = m[1] ?? ''
    const raw = captured.replace(/^[@#]/, '')
    const name = raw.toLowerCase()
    const looksProper = /^[@#]/.test(captured) || /[A-Z]/.test(raw) || /\.\w/.test(raw)
    if (c.proper && !looksProper) continue
    const generic = GENERIC_NAMES.has(name) || /^\d+$/.test(name)
    if (!generic && !isOurs(name, ctx)) return { rival: { name: raw, cue: m[0], how: 'names a competitor' }, active, pain }
    const hit = { what: c.what, text: m[0], w: c.w, index: m.index }
    if (c.kind === 'switch') active.push(hit)
    else if (c.kind === 'price') pain.push(hit)
  }
  return { rival: null, active, pain }
}

const SENTENCE_END = /[.!?\n]/
const WORD_RE = /[@#]?[A-Za-z][\w.&+'’-]*/g
const SUBJECT_VERB = /^\s+(?:is|was|has|keeps|just|won['’]?t|doesn['’]?t|isn['’]?t|can['’]?t|sucks|crashed|broke|charged|lost|never|still)\b/i

/** A product named in the sentence around a complaint, other than ours: "Foo keeps crashing" → Foo. */
function productNear(text: string, index: number, ctx: Context): string | null {
  let start = index
  while (start > 0 && index - start < 200 && !SENTENCE_END.test(text.charAt(start - 1))) start--
  let end = index
  while (end < text.length && end - index < 200 && !SENTENCE_END.test(text.charAt(end))) end++
  const sentence = text.slice(start, end)
  WORD_RE.lastIndex = 0
  let first = true
  for (let m = WORD_RE.exec(sentence); m; m = WORD_RE.exec(sentence), first = false) {
    const w = m[0].replace(/[.'’-]+$/, '')
    const bare = w.replace(/^[@#]/, '').toLowerCase()
    if (isOurs(bare, ctx) || GENERIC_NAMES.has(bare) || COMMON_CAPS.has(bare.replace(/['’]/g, ''))) continue
    const handle = w.startsWith('@')
    const camel = /^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]/.test(w) || /\.[a-z]{2,}$/.test(w)
    const capital = /^[A-Z][a-z]/.test(w) && (!first || SUBJECT_VERB.test(sentence.slice(m.index + m[0].length)))
    if (handle || camel || capital) return w
  }
  return null
}

// ---- ICP matching: token overlap between the post (and keyword) and each profile's name and description. ----

/** Light stemming so that "founders"/"founder" and "agencies"/"agency" meet; applied to both sides alike. */
export function stem(word: string): string {
  let w = word
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1)
  else return w
  // "running" -> "runn" -> "run", but "selling" keeps "sell".
  return /([b-df-hj-km-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w
}

const TOKEN_RE = /[a-z0-9][a-z0-9+#]*/g

/** Normalised topical tokens of a text: lower case, stop words and one-letter words removed, stemmed. */
export function tokenize(text: string): string[] {
  const out: string[] = []
  const lower = text.toLowerCase()
  TOKEN_RE.lastIndex = 0
  for (let m = TOKEN_RE.exec(lower); m; m = TOKEN_RE.exec(lower)) {
    if (m[0].length > 1 && !STOP_WORDS.has(m[0])) out.push(stem(m[0]))
  }
  return out
}

/** A profile's tokens, weighted: a word of its name counts 2, a word only in its description 1. */
type ProfileTokens = Map<string, { weight: number; word: string }>
const profileCache = new Map<string, ProfileTokens>()

function profileTokens(p: IcpProfile): ProfileTokens {
  const key = `${p.name}\u0000${p.description}`
  let tokens = profileCache.get(key)
  if (tokens) return tokens
  tokens = new Map()
  for (const [text, weight] of [[p.name, 2], [p.description, 1]] as const) {
    const lower = text.toLowerCase()
    TOKEN_RE.lastIndex = 0
    for (let m = TOKEN_RE.exec(lower); m; m = TOKEN_RE.exec(lower)) {
      if (m[0].length < 2 || STOP_WORDS.has(m[0])) continue
      const t = stem(m[0])
      if (!tokens.has(t)) tokens.set(t, { weight, word: m[0] })
    }
  }
  // Profiles are few per team and reused on every call; the bound keeps a long-running server's memory flat.
  if (profileCache.size >= 1000) profileCache.clear()
  profileCache.set(key, tokens)
  return tokens
}

/** Least overlap that counts as a match: one word of the profile's name, or two of its description. */
const ICP_MIN_OVERLAP = 2

/**
 * The best-matching profile by weighted overlap of distinct tokens, or null when none reaches ICP_MIN_OVERLAP.
 * Ties go to the earlier profile in the list. Only the profiles' own words are collected from the post, so a
 * 20,000-character post costs one pass and no large set.
 */
export function matchIcp(
  content: string,
  keyword: string | undefined,
  icps: readonly IcpProfile[],
): { name: string; tokens: string[] } | null {
  if (icps.length === 0) return null
  const profiles = icps.map(profileTokens)
  const wanted = new Set<string>()
  for (const p of profiles) for (const t of p.keys()) wanted.add(t)
  const seen = new Set<string>()
  const text = keyword ? `${content}\n${keyword}` : content
  const lower = text.toLowerCase()
  TOKEN_RE.lastIndex = 0
  for (let m = TOKEN_RE.exec(lower); m; m = TOKEN_RE.exec(lower)) {
    if (m[0].length < 2 || STOP_WORDS.has(m[0])) continue
    const t = stem(m[0])
    if (wanted.has(t)) seen.add(t)
  }
  let best: { name: string; tokens: string[] } | null = null
  let bestScore = ICP_MIN_OVERLAP - 1
  icps.forEach((icp, i) => {
    let s = 0
    const words: string[] = []
    for (const [t, { weight, word }] of profiles[i] ?? []) {
      if (seen.has(t)) {
        s += weight
        words.push(word)
      }
    }
    // Strictly greater: on a tie the earlier profile keeps the match.
    if (s > bestScore) {
      bestScore = s
      best = { name: icp.name, tokens: words }
    }
  })
  return best
}

/** Classifies one post. Pure and synchronous; the Scorer wraps it. */
export function scoreContent(input: ScoreInput): ScoreResult {
  const text = input.content
  const ctx = readContext(input.keyword, input.context)
  const lower = text.toLowerCase()

  const sw = findSwitch(text, ctx)
  const active = findCues(text, ACTIVE_CUES).concat(sw.active)
  const pain = findCues(text, PAIN_CUES).concat(sw.pain)
  const question = findCues(text, QUESTION_CUES)
  const activeW = sum(active)
  const painW = sum(pain)

  let rival = sw.rival
  if (!rival && ctx.rivals.length > 0 && (activeW > 0 || painW > 0)) {
    const known = ctx.rivals.find((r) => containsWord(lower, r))
    if (known) rival = { name: known, cue: (active[0] ?? pain[0])?.text ?? known, how: 'names a known competitor' }
  }
  if (!rival && painW >= THRESHOLD && (ctx.keyword || ctx.own.size > 0)) {
    const strongest = pain.reduce((a, b) => (b.w > a.w ? b : a))
    const name = productNear(text, strongest.index, ctx)
    if (name) rival = { name, cue: strongest.text, how: 'complains about another product' }
  }

  let intent: Intent
  let found: CueHit[]
  if (rival) {
    intent = 'COMPETITOR'
    found = [{ what: `${rival.how} "${rival.name}"`, text: rival.cue, w: 2, index: 0 }, ...active, ...pain]
  } else if (activeW >= THRESHOLD) [intent, found] = ['ACTIVE', active]
  else if (painW >= PAIN_THRESHOLD) [intent, found] = ['PAIN', pain]
  else if (sum(question) >= 1) [intent, found] = ['QUESTION', question]
  else [intent, found] = ['MENTION', [...active, ...pain, ...question]]

  // A competitor post's own buying and complaint cues count half, so that it rarely outranks a clear ACTIVE post.
  const strength = intent === 'COMPETITOR' ? 2 + 0.5 * (activeW + painW) : sum(found)
  let score = BASE[intent] + Math.min(2.5, strength * (intent === 'MENTION' ? 0.3 : 0.6))
  const notes: string[] = []

  const buying = intent === 'ACTIVE' || intent === 'COMPETITOR'
  const budget = firstOf(text, BUDGET_RE)
  if (budget) {
    score += buying ? 1 : 0.3
    notes.push(`mentions budget ("${clip(budget)}")`)
  }
  const urgency = firstOf(text, URGENCY_RE)
  if (urgency) {
    score += buying ? 0.7 : 0.3
    notes.push(`urgency ("${clip(urgency)}")`)
  }
  const team = firstOf(text, TEAM_SIZE_RE)
  if (team) {
    score += buying ? 0.5 : 0.2
    notes.push(`team size ("${clip(team)}")`)
  }

  let keywordNote = ''
  if (ctx.keyword) {
    const present = containsWord(lower, ctx.keyword) || ctx.keywordTokens.every((t) => containsWord(lower, t))
    score += present ? 1 : -0.5
    keywordNote = `keyword "${input.keyword?.trim()}" ${present ? 'present' : 'absent'}`
  }

  const icp = matchIcp(text, input.keyword, input.icps)
  if (icp) score += 0.5

  score = Math.round(Math.max(0, Math.min(CAP[intent], score)) * 10) / 10

  const cited = found.slice(0, 3).map((h) => `${h.what} ("${clip(h.text)}")`)
  const head = cited.length > 0 ? cited.join(', ') : 'no buying, switching, complaint or question cues found'
  const tail = [notes.join(', '), keywordNote, icp ? `matches ICP "${icp.name}" (${icp.tokens.join(', ')})` : '']
    .filter(Boolean)
    .join('; ')
  const reason = `${intent}: ${head}${tail ? `; ${tail}` : ''}.`

  return { score, intent, icpMatch: icp ? icp.name : null, reason }
}

export function createRulesScorer(): Scorer {
  return {
    name: 'rules',
    // The work is synchronous and bounded (a fixed set of precompiled regexes over at most 20,000 characters),
    // so the abort signal is not consulted.
    async score(input: ScoreInput, _signal: AbortSignal): Promise<ScoreResult> {
      return scoreContent(input)
    },
  }
}
