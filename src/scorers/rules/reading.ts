/**
 * What the rules read in a post that does not depend on the team (docs/model.md#reading-a-post): its words and
 * language, cues, switching frames, budget, urgency, team size, the keyword, and (computed on first use) the complaint
 * rules, question cues and the kind of post. Polling scores one post for every team tracking its keyword, so this is
 * read once and judged per team (judge.ts).
 */
import { remember } from '../../lib/bounded-map'
import { ACTIVE_CUES, SWITCH_CUES } from './buying-cues'
import { COMPLAINT_FRAMES, COMPLAINT_SUPPORT, PRAISE, praiseWeight, shouting } from './complaint'
import { type Cue, cue } from './cue'
import { FOREIGN_ACTIVE, FOREIGN_LEAVING, FOREIGN_PAIN, FOREIGN_QUESTION, JAPANESE } from './lang-cues'
import { type CueHit, hitsOf, joined, NO_HITS, sum } from './hits'
import { containsWord, findCues, firstMatch, firstOf } from './match'
import { mayMatch } from './foreign-words'
import { firstMatchGroups } from './match-groups'
import { BUDGET_RE, TEAM_SIZE_RE, URGENCY_RE } from './modifiers'
import { PAIN_CUES, QUESTION_CUES } from './pain-cues'
import { readContext } from './caller-context'
import { findSwitch } from './rivals'
import { ASKING_CUES, CHOOSING_CUES, GENRE_CUES, LEAVING_CUES } from './seller-cues'
import { withoutLinks } from './links'
import { keywordRoots } from './topic'
import { type Lang, readWords } from './words'
import { WORK_PAIN_CUES } from './work-pain-cues'

// Every English list of a post is read in one scan of its words (match-groups.ts): most posts need most of
// them (a post that is neither buying nor complaining is checked for questions, praise and its kind), and one scan
// costs far less than one per list.
const LISTS = {
  active: [...ACTIVE_CUES, ...CHOOSING_CUES],
  pain: [...PAIN_CUES, ...WORK_PAIN_CUES],
  leaving: LEAVING_CUES,
  question: [...QUESTION_CUES, ...ASKING_CUES],
  genre: GENRE_CUES,
  frames: COMPLAINT_FRAMES,
  support: COMPLAINT_SUPPORT,
  praise: PRAISE,
  // The urgency and team size modifiers start at a word as the cues do: their first match is found in the same scan.
  urgency: [cue(URGENCY_RE.source, 'urgency', 0, false)],
  team: [cue(TEAM_SIZE_RE.source, 'team size', 0, false)],
}
const NAMES = Object.keys(LISTS) as Array<keyof typeof LISTS>
// The switching frames (rivals.ts) are read in the same scan; their matches, not hits, go to findSwitch.
const GROUPS: readonly (readonly Cue[])[] = [...Object.values(LISTS), SWITCH_CUES]

const FOREIGN = { active: FOREIGN_ACTIVE, leaving: FOREIGN_LEAVING, pain: FOREIGN_PAIN, question: FOREIGN_QUESTION }

/**
 * The cues of a post's language beyond the English ones: none for English, none for a script the rules cannot read.
 * Each cue of the other Latin-script languages is scanned on its own, and only in a post holding a word every match of it
 * holds (foreign-words.ts).
 */
function foreign(text: string, lower: string, lang: Lang, kind: keyof typeof FOREIGN): readonly CueHit[] {
  if (lang === 'en' || lang === 'other') return NO_HITS
  if (lang === 'ja') return findCues(text, JAPANESE[kind])
  const cues = FOREIGN[kind]
  const longS = lower.includes('ſ')
  return hitsOf(
    cues,
    cues.map((c) => (mayMatch(lower, c, longS) ? firstMatch(text, c) : null)),
  )
}

/** A keyword's word written in the other number: "webhook" for "webhooks", "invoices" for "invoice". */
function singularOrPlural(lower: string, word: string): boolean {
  if (word.length < 3) return false
  return containsWord(lower, word.endsWith('s') ? word.slice(0, -1) : `${word}s`)
}

export type Reading = ReturnType<typeof readPost>

// What depends on the keyword and context alone, read once per keyword (docs/model.md#performance): polling reads
// every post of a keyword's page in a row, and a deployment tracks a few thousand keywords at most. Never changed
// once read. Without a context (polling has none) the keyword itself is the key: none is built for every post.
type KeywordReading = { ctx: ReturnType<typeof readContext>; roots: Set<string> }
const byKeyword = new Map<string, KeywordReading>()
const byKeywordAndContext = new Map<string, KeywordReading>()
const KEYWORDS_KEPT = 4096

function readKeyword(keyword: string | undefined, context: string | undefined): KeywordReading {
  const kept = context ? byKeywordAndContext : byKeyword
  const key = context ? `${keyword ?? ''}\u0000${context}` : (keyword ?? '')
  const known = kept.get(key)
  if (known) return known
  const read = { ctx: readContext(keyword, context), roots: keywordRoots(keyword) }
  return remember(kept, key, read, KEYWORDS_KEPT)
}

export function readPost(content: string, keyword: string | undefined, context: string | undefined) {
  const text = withoutLinks(content)
  const { ctx, roots: ownRoots } = readKeyword(keyword, context)
  const lower = text.toLowerCase()
  const words = readWords(text, keyword, lower)
  const groups = firstMatchGroups(text, GROUPS)
  const sw = findSwitch(text, ctx, groups[NAMES.length] ?? [])
  const found = {} as Record<keyof typeof LISTS, readonly CueHit[]>
  for (let i = 0; i < NAMES.length; i++)
    found[NAMES[i] as keyof typeof LISTS] = hitsOf(GROUPS[i] ?? [], groups[i] ?? [])
  const active = joined(found.active, sw.active, foreign(text, lower, words.lang, 'active'))
  const pain = joined(found.pain, sw.pain, foreign(text, lower, words.lang, 'pain'))
  const leaving = joined(found.leaving, foreign(text, lower, words.lang, 'leaving'))
  let complaint: readonly CueHit[] | undefined
  let question: readonly CueHit[] | undefined
  const keywordWordsPresent = ctx.keyword
    ? containsWord(lower, ctx.keyword) ||
      ctx.keywordWords.every((t) => containsWord(lower, t) || singularOrPlural(lower, t))
    : undefined
  return {
    text,
    lower,
    ctx,
    sw,
    active,
    pain,
    leaving,
    keyword,
    words,
    keywordRoots: ownRoots,
    /** A question mark (any script's). */
    asks: text.includes('?') || text.includes('？'),
    /** A code block, or inline code twice: a developer's post. */
    code: text.includes('`') && (text.includes('```') || (text.match(/`/g)?.length ?? 0) >= 4),
    activeW: sum(active),
    painW: sum(pain),
    budget: firstOf(text, BUDGET_RE),
    urgency: found.urgency[0]?.text ?? null,
    team: found.team[0]?.text ?? null,
    keywordPresent: keywordWordsPresent && ctx.keywordRuns.every((run) => lower.includes(run)),
    /** The keyword's words alone, without its runs of Han, kana, Hangul or Thai letters: as the model was trained. */
    keywordWordsPresent,
    /** Complaint frames and weak signs (complaint.ts), frames first. */
    complaint: () => {
      if (!complaint) {
        const shout = shouting(text)
        complaint = joined(found.frames, found.support, shout ? [shout] : NO_HITS)
      }
      return complaint
    },
    praise: () => praiseWeight(found.praise),
    question: () => (question ??= joined(found.question, foreign(text, lower, words.lang, 'question'))),
    genre: () => found.genre,
  }
}
