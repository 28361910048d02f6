/**
 * The embedded `rules` scorer: a deterministic, offline classifier of buying intent in social posts.
 *
 * It decides COMPETITOR, then ACTIVE, then PAIN, then QUESTION, else MENTION, from cue strengths; a negated cue is
 * skipped; the score starts from a base per intent and grows with cues, budget, urgency, team size and an ICP match,
 * capped per intent (docs/scoring.md#deciding-the-intent). The cues are in buying-cues.ts, pain-cues.ts and
 * modifiers.ts; matching, rivals, ICP words and complaint rules in the files beside them. Every regular expression is
 * compiled once at module load.
 */
import { ACTIVE_CUES } from './buying-cues'
import { BUDGET_RE, TEAM_SIZE_RE, URGENCY_RE } from './modifiers'
import { PAIN_CUES, QUESTION_CUES } from './pain-cues'
import { complaintCues, praiseWeight } from './complaint'
import { matchIcpWords, postWords } from './icp'
import { type CueHit, containsWord, findCues, firstOf, sum } from './match'
import { findSwitch, icpCompetitor, productNear, type Rival, readContext } from './rivals'
import { remember } from '../../lib/bounded-map'
import type { Intent, ScoreInput, ScoreResult, Scorer } from '../types'

export { matchIcp, stem, tokenize } from './icp'
export { type CueHit, containsWord, findCues, isNegated } from './match'

const BASE: Record<Intent, number> = { ACTIVE: 5.5, COMPETITOR: 4, PAIN: 3.5, QUESTION: 2, MENTION: 0.5 }
const CAP: Record<Intent, number> = { ACTIVE: 10, COMPETITOR: 9.5, PAIN: 8, QUESTION: 6, MENTION: 4 }
const THRESHOLD = 1.5
// One clear complaint word is enough for PAIN: brand-directed complaints are often a single terse line.
const PAIN_THRESHOLD = 1

const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim()
  return t.length > 60 ? `${t.slice(0, 57)}...` : t
}

/**
 * What the rules read in a post that does not depend on the team: cues, switching frames, budget, urgency, team size,
 * the keyword, and (computed on first use) the complaint rules, question cues and the post's words for ICP matching.
 * Polling scores one post for every team tracking its keyword, so this is read once and judged per team.
 */
export type Reading = ReturnType<typeof readPost>

export function readPost(content: string, keyword: string | undefined, context: string | undefined) {
  const text = content
  const ctx = readContext(keyword, context)
  const lower = text.toLowerCase()
  const sw = findSwitch(text, ctx)
  const active = findCues(text, ACTIVE_CUES).concat(sw.active)
  const pain = findCues(text, PAIN_CUES).concat(sw.pain)
  let complaint: { hits: CueHit[]; praise: number } | undefined
  let question: CueHit[] | undefined
  let words: Set<string> | undefined
  return {
    text,
    lower,
    ctx,
    sw,
    active,
    pain,
    keyword,
    activeW: sum(active),
    painW: sum(pain),
    budget: firstOf(text, BUDGET_RE),
    urgency: firstOf(text, URGENCY_RE),
    team: firstOf(text, TEAM_SIZE_RE),
    keywordPresent: ctx.keyword
      ? containsWord(lower, ctx.keyword) || ctx.keywordTokens.every((t) => containsWord(lower, t))
      : undefined,
    complaint: () => (complaint ??= { hits: complaintCues(text), praise: praiseWeight(text) }),
    question: () => (question ??= findCues(text, QUESTION_CUES)),
    words: () => (words ??= postWords(text, keyword)),
  }
}

/**
 * Classifies one post for one team (its ICP profiles). `keyword` is the team's spelling, quoted in the reason (the
 * reading itself ignores case). Pure and synchronous; the Scorer wraps it.
 */
export function judge(r: Reading, icps: ScoreInput['icps'], keyword = r.keyword): ScoreResult {
  const { text, lower, ctx, sw, active } = r
  const pain = [...r.pain]
  const activeW = r.activeW
  let painW = r.painW

  let rival: Rival | null = sw.rival
  if (!rival) {
    const named = icpCompetitor(lower, icps, ctx)
    const frame = active[0] ?? pain[0]
    if (named) rival = { name: named.name, cue: frame?.text ?? named.name, how: 'names a competitor', of: named.icp }
  }
  if (!rival && ctx.rivals.length > 0 && (activeW > 0 || painW > 0)) {
    const known = ctx.rivals.find((x) => containsWord(lower, x))
    if (known) rival = { name: known, cue: (active[0] ?? pain[0])?.text ?? known, how: 'names a known competitor' }
  }
  if (!rival && painW >= THRESHOLD && (ctx.keyword || ctx.own.size > 0)) {
    const strongest = pain.reduce((a, b) => (b.w > a.w ? b : a))
    const name = productNear(text, strongest.index, ctx)
    if (name) rival = { name, cue: strongest.text, how: 'complains about another product' }
  }

  // The wider complaint rules (rules/complaint.ts) only decide between PAIN and the weaker intents, so a post that is
  // already COMPETITOR or ACTIVE does not pay for them. Praise counts against a complaint ("thanks, it's fixed now"),
  // never below zero.
  if (!rival && activeW < THRESHOLD) {
    const complaint = r.complaint()
    for (const h of complaint.hits) pain.push(h)
    painW = pain.length > 0 ? Math.max(0, sum(pain) - complaint.praise) : 0
  }

  let intent: Intent
  let found: CueHit[]
  if (rival) {
    intent = 'COMPETITOR'
    const what = `${rival.how} "${rival.name}"${rival.of ? ` of ICP "${rival.of}"` : ''}`
    found = [{ what, text: rival.cue, w: 2, index: 0 }, ...active, ...pain]
  } else if (activeW >= THRESHOLD) [intent, found] = ['ACTIVE', active]
  else if (painW >= PAIN_THRESHOLD) [intent, found] = ['PAIN', pain]
  else {
    const question = r.question()
    if (sum(question) >= 1) [intent, found] = ['QUESTION', question]
    else [intent, found] = ['MENTION', [...active, ...pain, ...question]]
  }

  // A competitor post's own buying and complaint cues count half, so that it rarely outranks a clear ACTIVE post.
  const strength = intent === 'COMPETITOR' ? 2 + 0.5 * (activeW + painW) : sum(found)
  let score = BASE[intent] + Math.min(2.5, strength * (intent === 'MENTION' ? 0.3 : 0.6))
  const notes: string[] = []

  const buying = intent === 'ACTIVE' || intent === 'COMPETITOR'
  if (r.budget) {
    score += buying ? 1 : 0.3
    notes.push(`mentions budget ("${clip(r.budget)}")`)
  }
  if (r.urgency) {
    score += buying ? 0.7 : 0.3
    notes.push(`urgency ("${clip(r.urgency)}")`)
  }
  if (r.team) {
    score += buying ? 0.5 : 0.2
    notes.push(`team size ("${clip(r.team)}")`)
  }

  let keywordNote = ''
  if (r.keywordPresent !== undefined) {
    score += r.keywordPresent ? 1 : -0.5
    keywordNote = `keyword "${keyword?.trim()}" ${r.keywordPresent ? 'present' : 'absent'}`
  }

  const icp = icps.length > 0 ? matchIcpWords(r.words(), icps) : null
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

/** Classifies one post. Pure and synchronous. */
export function scoreContent(input: ScoreInput): ScoreResult {
  return judge(readPost(input.content, input.keyword, input.context), input.icps)
}

// Readings kept for the next calls: polling asks about one post for each team tracking its keyword in a row.
const READINGS_KEPT = 256

/** The rules scorer as a synchronous function that reads each post once for the teams asking about it in a row. */
export function createRulesReader(): (input: ScoreInput) => ScoreResult {
  const readings = new Map<string, Reading>()
  return (input) => {
    const key = `${(input.keyword ?? '').trim().toLowerCase()}\u0000${input.context ?? ''}\u0000${input.content}`
    const reading =
      readings.get(key) ?? remember(readings, key, readPost(input.content, input.keyword, input.context), READINGS_KEPT)
    return judge(reading, input.icps, input.keyword)
  }
}

export function createRulesScorer(): Scorer {
  const read = createRulesReader()
  return {
    name: 'rules',
    // The work is synchronous and bounded (a fixed set of precompiled regexes over at most 20,000 characters),
    // so the abort signal is not consulted.
    async score(input: ScoreInput, _signal: AbortSignal): Promise<ScoreResult> {
      return read(input)
    },
  }
}
