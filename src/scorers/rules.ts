/**
 * The embedded `rules` scorer: a deterministic, offline classifier of buying intent in social posts.
 *
 * How it decides, in order:
 *  1. COMPETITOR when a product that is neither the keyword nor the caller's own (taken from `context`) is named in a
 *     switching frame ("switching from X", "X alternative", "X is too expensive"), when a rival named by an ICP
 *     profile (`competitors`) appears at all, or when a product is named next to a complaint or buying language once
 *     we know what the caller sells.
 *  2. ACTIVE when buying cues ("looking for a", "any recommendations", "budget for") reach a strength of 1.5.
 *  3. PAIN when complaint cues ("hate", "is down again", "doesn't work") and the wider complaint rules of
 *     rules/complaint.ts (a question about something owed, a comparison with how it was or was promised, a need for
 *     a remedy, weak signs that add up), less any thanks or praise, reach 1.
 *  4. QUESTION when question cues reach 1; otherwise MENTION.
 * A cue preceded by a negation ("not looking for") is skipped. The score starts from a base per intent (ACTIVE
 * highest, MENTION lowest), grows with the strength of the cues, the keyword, budget, urgency, team size and an ICP
 * match, and is capped per intent so that the order of intents survives the bonuses.
 *
 * Cue lists live in rules-cues.ts; the pieces live in rules/ (matching, rivals, ICP). Every regular expression is
 * compiled once at module load.
 */
import { ACTIVE_CUES, BUDGET_RE, PAIN_CUES, QUESTION_CUES, TEAM_SIZE_RE, URGENCY_RE } from './rules-cues'
import { complaintCues, praiseWeight } from './rules/complaint'
import { matchIcp } from './rules/icp'
import { type CueHit, containsWord, findCues, firstOf, sum } from './rules/match'
import { findSwitch, icpCompetitor, productNear, type Rival, readContext } from './rules/rivals'
import type { Intent, ScoreInput, ScoreResult, Scorer } from './types'

export { matchIcp, stem, tokenize } from './rules/icp'
export { type CueHit, containsWord, findCues, isNegated } from './rules/match'

const BASE: Record<Intent, number> = { ACTIVE: 5.5, COMPETITOR: 4, PAIN: 3.5, QUESTION: 2, MENTION: 0.5 }
const CAP: Record<Intent, number> = { ACTIVE: 10, COMPETITOR: 9.5, PAIN: 8, QUESTION: 6, MENTION: 4 }
const THRESHOLD = 1.5
// One clear complaint word is enough for PAIN: brand-directed complaints are often a single terse line.
const PAIN_THRESHOLD = 1

const clip = (s: string) => {
  const t = s.replace(/\s+/g, ' ').trim()
  return t.length > 60 ? `${t.slice(0, 57)}...` : t
}

/** Classifies one post. Pure and synchronous; the Scorer wraps it. */
export function scoreContent(input: ScoreInput): ScoreResult {
  const text = input.content
  const ctx = readContext(input.keyword, input.context)
  const lower = text.toLowerCase()

  const sw = findSwitch(text, ctx)
  const active = findCues(text, ACTIVE_CUES).concat(sw.active)
  const pain = findCues(text, PAIN_CUES).concat(sw.pain)
  const activeW = sum(active)
  let painW = sum(pain)

  let rival: Rival | null = sw.rival
  if (!rival) {
    const named = icpCompetitor(lower, input.icps, ctx)
    const frame = active[0] ?? pain[0]
    if (named) rival = { name: named.name, cue: frame?.text ?? named.name, how: 'names a competitor', of: named.icp }
  }
  if (!rival && ctx.rivals.length > 0 && (activeW > 0 || painW > 0)) {
    const known = ctx.rivals.find((r) => containsWord(lower, r))
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
    for (const h of complaintCues(text)) pain.push(h)
    painW = pain.length > 0 ? Math.max(0, sum(pain) - praiseWeight(text)) : 0
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
    const question = findCues(text, QUESTION_CUES)
    if (sum(question) >= 1) [intent, found] = ['QUESTION', question]
    else [intent, found] = ['MENTION', [...active, ...pain, ...question]]
  }

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
