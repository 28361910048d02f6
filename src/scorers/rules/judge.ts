/**
 * Judging a read post for one team (docs/model.md#deciding-the-intent): off topic when the post uses the keyword in
 * another sense; else COMPETITOR, ACTIVE, PAIN, QUESTION, MENTION, in that order, from cue strengths; then the score
 * from a base per intent, the cues and the modifiers, within a ceiling per intent (docs/model.md#the-score).
 */
import type { Intent, ScoreInput, ScoreResult } from '../types'
import { endsSentence, holds, isQuestionMark } from './chars'
import { matchIcpWords } from './icp'
import { sum } from './hits'
import type { Reading } from './reading'
import { type Named, namedRivals, namesOwn, productNear, type Rival, writtenAsName } from './rivals'
import { languageNote, offTopicReason, type ReasonFacts, reasonOf } from './reason'
import { isStandIn } from './stand-in'
import { topicEvidence } from './topic'

const BASE: Record<Intent, number> = { ACTIVE: 6.5, COMPETITOR: 5.5, PAIN: 5, QUESTION: 3.5, MENTION: 3 }
const CAP: Record<Intent, number> = { ACTIVE: 10, COMPETITOR: 9.5, PAIN: 8, QUESTION: 5.5, MENTION: 4.5 }
const THRESHOLD = 1.5
/** The lowest score of a post found on topic: the top of the off-topic band. */
const ON_TOPIC_FLOOR = 3
// One clear complaint word is enough for PAIN: brand-directed complaints are often a single terse line.
const PAIN_THRESHOLD = 1
/** A complaint this close (in characters) to a rival's name is about that rival. */
const NEAR = 200
/** A launch, job post or tutorial counts this much against PAIN and QUESTION: it describes problems it does not have. */
const GENRE_WEIGHT = 1.5
/** The modifiers a post's score takes: what adds how much to a buying post (strong) and to any other (weak). */
const MODIFIERS = [
  ['budget', 'names an amount', 1, 0.3],
  ['urgency', 'urgency', 0.7, 0.3],
  ['team', 'team size', 0.5, 0.2],
] as const
/** Questions that ask how things are done or what they mean, not for a remedy: a complaint must be stronger in them. */
const INFORMATIONAL = new Set(['asks how others do it', 'asks to understand', 'asks how to do it'])

/** A question where posts put theirs: in the title or first lines, or at the end; not one asked in passing. */
const asksUpFront = (text: string) =>
  holds(text, 0, 200, isQuestionMark) || holds(text, text.length - 200, text.length, isQuestionMark)

/** No sentence end between two places of the text, and not far apart. */
function sameSentence(text: string, a: number, b: number): boolean {
  const [from, to] = a < b ? [a, b] : [b, a]
  return to - from < NEAR && !holds(text, from, to, endsSentence)
}

/** The competitor a post is about: left, complained about, or named in a complaint. */
function findRival(r: Reading, icps: ScoreInput['icps'], named: ReturnType<typeof namedRivals>): Rival | null {
  if (r.sw.rival) return r.sw.rival
  // "Alternatives to Foo" where Foo is the keyword: a rival when the team lists it.
  const kwFrame = r.sw.keyword
  const kwRival = kwFrame && named.find((n) => n.name.toLowerCase() === kwFrame.name.toLowerCase())
  if (kwFrame && kwRival && !kwFrame.compare) return { ...kwFrame, of: kwRival.of }
  const leaving = r.leaving[0]
  // A rival named in a post that shops around is one of the options (ACTIVE), unless the writer is leaving it or
  // complains about it in the same sentence; a complaint beside its name is about it unless the post praises as much.
  const shopping = r.activeW >= THRESHOLD
  for (const n of named) {
    const near =
      r.praise() >= 1
        ? undefined
        : r.pain.find(
            (h) =>
              h.w >= 1.5 &&
              n.at.some((i) => (shopping ? sameSentence(r.text, h.index, i) : Math.abs(h.index - i) < NEAR)),
          )
    const cue = leaving ?? near
    if (cue) return { name: n.name, cue: cue.text, how: leaving ? 'leaves a competitor' : 'complains about', of: n.of }
  }
  const compared = r.sw.compared
  if (compared && (leaving || r.painW >= THRESHOLD)) return compared
  // A product named in a strong complaint, when the team has not listed its competitors itself.
  const listed = icps.some((p) => (p.competitors ?? []).length > 0)
  if (!listed && r.painW >= THRESHOLD && (r.ctx.keyword || r.ctx.own.size > 0)) {
    const strongest = r.pain.reduce((a, b) => (b.w > a.w ? b : a))
    const name = productNear(r.text, strongest.index, r.ctx)
    if (name) return { name, cue: strongest.text, how: 'complains about another product' }
  }
  return null
}

function decide(r: Reading, icps: ScoreInput['icps'], named: ReturnType<typeof namedRivals>) {
  const rival = findRival(r, icps, named)
  if (rival) {
    const what = rival.unnamed ? rival.how : `${rival.how} "${rival.name}"${rival.of ? ` of ICP "${rival.of}"` : ''}`
    return {
      intent: 'COMPETITOR' as Intent,
      found: [{ what, text: rival.cue, w: 2, index: 0 }, ...r.active, ...r.pain],
    }
  }
  // Leaving something without naming it is on the way to buying its replacement. A question naming a rival the team
  // lists, asked with the writer's own team size, budget or deadline, is a buyer's question.
  const active = r.active.concat(r.leaving.map((h) => ({ ...h, w: h.w / 2 })))
  const own = r.team ?? r.budget ?? r.urgency
  if (own && named.length > 0 && r.asks && sum(r.question()) >= 1)
    active.push({ what: `asks about "${named[0]?.name}" for their own team`, text: own, w: 1.5, index: 0 })
  if (sum(active) >= THRESHOLD) return { intent: 'ACTIVE' as Intent, found: active }

  // The wider complaint rules (complaint.ts) only decide between PAIN and the weaker intents. Praise and the kind of
  // post count against a complaint ("thanks, it's fixed now"; a launch describing the problem it solves).
  const pain = r.pain.concat(r.complaint())
  const question = r.question()
  const praise = pain.length > 0 ? r.praise() : 0
  const genre = pain.length > 0 || question.length > 0 ? (r.genre().length > 0 ? GENRE_WEIGHT : 0) : 0
  const informational = sum(question.filter((h) => INFORMATIONAL.has(h.what)))
  const painW = pain.length > 0 ? Math.max(0, sum(pain) - praise - genre) : 0
  // In a question about how things are done, and in a post with code (a bug report, an answer), problems are the
  // subject rather than a complaint: only clear complaint words make it PAIN. In any post that asks up front, the weak
  // signs (a stake, "still", a negation, the question mark itself) stop counting: every question about one's own setup
  // has them.
  const strong = sum(pain.filter((h) => h.w >= 1)) - praise - genre
  const needed = r.code ? 3 : informational >= 1 ? 2 : asksUpFront(r.text) && sum(question) >= 1.5 ? PAIN_THRESHOLD : 0
  if (needed ? strong >= needed : painW >= PAIN_THRESHOLD) return { intent: 'PAIN' as Intent, found: pain }
  // A question has a question mark or asks how things are done; "wild how much of our load was passwords" does not.
  // In a post with code, a question mark is enough: developers ask with a title and a snippet.
  const codeQuestion = r.code && r.asks ? 0.5 : 0
  if ((r.asks || informational >= 1) && sum(question) + codeQuestion - genre >= 1)
    return { intent: 'QUESTION' as Intent, found: question }
  // What was found, each phrase once (a question mark is both a question cue and a weak sign of a complaint).
  const found = [...active, ...pain, ...question].filter(
    (h, i, all) => all.findIndex((o) => o.what === h.what && o.text === h.text) === i,
  )
  return { intent: 'MENTION' as Intent, found }
}

/** What judging found on the way, for the embedded model's features (model/features.ts), which would else find it again. */
export type Seen = {
  named: Named[]
  topic: { weight: number } | null
  icp: { name: string; tokens: string[] } | null
  /** What the reason says, for the model's reason to quote within its own length (model/answer.ts). */
  facts?: ReasonFacts
}

/** Classifies one read post for one team. `keyword` is the team's spelling, quoted in the reason. */
export function judge(r: Reading, icps: ScoreInput['icps'], keyword = r.keyword, seen?: Seen): ScoreResult {
  const { lang } = r.words
  const named = icps.length > 0 || r.ctx.rivals.length > 0 ? namedRivals(r.lower, icps, r.ctx) : []
  const kw = keyword?.trim()
  const langNote = languageNote(lang)

  // Word sense: with profiles to compare with, a post that shares too few words with them or their market (besides
  // the keyword) and names none of their rivals nor the caller's own product takes the keyword in another sense. A
  // keyword of several words found as written ("month-end close") is a word of evidence; a rival's name tracked as the
  // keyword and written as a name ("we left Zendesk") is half of one. A keyword missing from the post asks for twice
  // the evidence.
  const topic =
    icps.length > 0 && lang !== 'ja' && lang !== 'other' ? topicEvidence(r.words.roots, r.keywordRoots, icps) : null
  const asName = named.find((n) => n.name.toLowerCase() === r.ctx.keyword)
  const phrase = !r.keywordPresent
    ? 0
    : r.ctx.keywordTokens.length > 1
      ? 1
      : asName && writtenAsName(r.text, asName)
        ? 0.5
        : 0
  // A product of the team's market that a frame leaves or finds too dear ("switching from Salesforce", to a CRM team)
  // is a second word of evidence: the frame says that the word names that product.
  const leaves = r.sw.rival && topic?.words.includes(r.sw.rival.name.toLowerCase()) ? 1 : 0
  const needed = r.keywordPresent === false ? 2 : 1
  const rivalNamed = named.some((n) => n.name.toLowerCase() !== r.ctx.keyword)
  if (topic && topic.weight + phrase + leaves < needed && !rivalNamed && !namesOwn(r.lower, r.ctx)) {
    const score = r.keywordPresent === false ? 0.5 : 1.5
    const reason = offTopicReason(kw, r.keywordPresent === false, isStandIn(icps[0]), langNote)
    if (seen) Object.assign(seen, { named, topic, icp: null })
    return { score, intent: 'MENTION', icpMatch: null, reason }
  }

  const { intent, found } = decide(r, icps, named)
  // A competitor post's own buying and complaint cues count half, so that it rarely outranks a clear ACTIVE post.
  const strength = intent === 'COMPETITOR' ? 2 + 0.5 * (r.activeW + r.painW) : sum(found)
  let score = BASE[intent] + Math.min(2.5, strength * (intent === 'MENTION' ? 0.3 : 0.6))
  const modifiers: (readonly [string, string])[] = []
  const buying = intent === 'ACTIVE' || intent === 'COMPETITOR'
  for (const [key, label, strong, weak] of MODIFIERS) {
    const value = r[key]
    if (!value) continue
    score += buying ? strong : weak
    modifiers.push([label, value])
  }
  const competitor = intent !== 'COMPETITOR' && named.length > 0 ? (named[0]?.name ?? '') : ''

  if (r.keywordPresent !== undefined) score += r.keywordPresent ? 1 : -0.5
  // The stand-in made of the caller's context is never the team's match (stand-in.ts).
  const icp = icps.length > 0 && !isStandIn(icps[0]) ? matchIcpWords(r.words.roots, icps) : null
  if (icp) score += 0.5
  // A post found on topic stays out of the off-topic band (docs/scoring.md#score-bands), even without the keyword.
  const floor = topic ? ON_TOPIC_FLOOR : 0
  score = Math.round(Math.max(floor, Math.min(CAP[intent], score)) * 10) / 10

  const said = r.keywordPresent === undefined ? undefined : { spelled: kw ?? '', present: r.keywordPresent }
  const onTopic = topic && !icp ? topic.words : []
  const facts = { intent, found, text: r.text, modifiers, competitor, keyword: said, icp, onTopic, lang: langNote }
  const reason = reasonOf(facts)
  if (seen) Object.assign(seen, { named, topic, icp, facts })
  return { score, intent, icpMatch: icp ? icp.name : null, reason }
}
