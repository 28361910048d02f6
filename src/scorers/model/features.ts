/**
 * Everything the learned model reads in a post for one team (docs/scoring.md#the-embedded-model): the hashed words
 * (text-features.ts) and a few dozen facts the rules read (rules/reading.ts, rules/judge.ts): their verdict and score,
 * the strength of each kind of cue, the modifiers, the language, and how the post compares with what the team sells
 * (word sense, ICP match, competitors named), and whose life it is about (life-words.ts). Without profiles, the
 * caller's `context` and the keyword stand in for a profile, so that a post using the keyword in another sense is told
 * apart for every team.
 */
import type { IcpProfile, Intent, ScoreInput, ScoreResult } from '../types'
import { sum } from '../rules/hits'
import { matchIcpWords } from '../rules/icp'
import { judge, type Seen } from '../rules/judge'
import type { ReasonFacts } from '../rules/reason'
import type { Reading } from '../rules/reading'
import { namesOwn } from '../rules/rivals'
import { senseProfiles } from '../rules/stand-in'
import { lifeAndWork } from './life-words'
import type { TextFeatures } from './feature-buffer'
import { type Names, textFeatures } from './text-features'
import type { Vocabulary } from './vocabulary'
import { wordHashes } from './word-scan'

const INTENTS: readonly Intent[] = ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION']
/** The number of dense (rules) features; the last is always 1 and acts as the bias. */
export const DENSE = 54

export type Features = {
  text: TextFeatures
  dense: Float64Array
  rules: ScoreResult
  /** The profiles the word sense was judged against: the team's, or one made of its context and keyword. */
  profiles: readonly IcpProfile[]
  matched: string | null
  /** The profile matched and the words of it the post holds, which the model's reason names. */
  matchedWords: { name: string; tokens: readonly string[] } | null
  /** What the rules' reason says, for the model's reason to quote (undefined when the rules call it off topic). */
  rulesFacts: ReasonFacts | undefined
  /** The team's own profiles, none of them a stand-in. */
  teamProfiles: readonly IcpProfile[]
  /** Judged against the keyword alone: no profile and no context. */
  keywordAlone: boolean
}

const clip = (x: number, most: number) => (x > most ? 1 : x / most)
const NO_RIVALS = new Int32Array(0)
const byKeyword = new Map<string, Int32Array>()

function keywordHashes(keyword: string): Int32Array {
  let kept = byKeyword.get(keyword)
  if (!kept) {
    if (byKeyword.size >= 4096) byKeyword.clear()
    kept = Int32Array.from(wordHashes(keyword))
    byKeyword.set(keyword, kept)
  }
  return kept
}

function questionMarks(text: string): number {
  let n = 0
  for (let at = text.indexOf('?'); at >= 0 && n < 3; at = text.indexOf('?', at + 1)) n++
  return n
}

/** The rules' own verdict that a post is off topic: their score in the off-topic band (docs/scoring.md#score-bands). */
export const rulesCallOffTopic = (rules: ScoreResult) => rules.score < 3

/**
 * The post as the weights were trained to read it: their keyword fact counts the keyword's words alone, without its
 * runs of Han, kana, Hangul or Thai letters (rules/reading.ts). For every post the embedded scorer asks the model about
 * the two agree, since a post lacking such a run is answered by the rules (embedded-answer.ts); training's posts shown
 * to another market's seller, and triage, are read as before (docs/performance.md#a-keyword-in-those-letters-read-before-the-model-2026-11-30-night).
 */
const asTrained = (r: Reading): Reading =>
  r.keywordPresent === r.keywordWordsPresent ? r : { ...r, keywordPresent: r.keywordWordsPresent }

/** `bits`: the buckets of the weights that will read the features (model.ts#Model). */
export function features(read: Reading, input: ScoreInput, bits: number, vocabulary: Vocabulary): Features {
  const r = asTrained(read)
  const profiles = senseProfiles(input)
  const seen: Seen = { named: [], topic: null, icp: null }
  const rules = judge(r, profiles, input.keyword, seen)
  const offTopic = rulesCallOffTopic(rules)
  const { named, topic } = seen
  const { lang } = r.words
  // The stand-in profile is never the team's match; judging an off-topic post does not look for one.
  const own = input.icps.length > 0
  const icp = own ? (seen.icp ?? (offTopic ? matchIcpWords(r.words.roots, input.icps) : null)) : null
  const wordCount = r.words.roots.roots.length
  const d = new Float64Array(DENSE)
  if (offTopic) d[5] = 1
  else d[INTENTS.indexOf(rules.intent)] = 1
  d[6] = rules.score / 10
  d[7] = clip(r.activeW, 4)
  d[8] = clip(r.painW, 4)
  d[9] = clip(sum(r.leaving), 3)
  d[10] = clip(sum(r.question()), 3)
  d[11] = r.genre().length > 0 ? 1 : 0
  d[12] = clip(r.praise(), 2)
  d[13] = clip(sum(r.complaint()), 3)
  d[14] = r.budget ? 1 : 0
  d[15] = r.urgency ? 1 : 0
  d[16] = r.team ? 1 : 0
  d[17] = r.asks ? 1 : 0
  d[18] = r.code ? 1 : 0
  d[19] = r.keywordPresent === true ? 1 : 0
  d[20] = r.keywordPresent === false ? 1 : 0
  d[21] = topic ? clip(topic.weight, 2) : 0
  d[22] = topic === null ? 1 : 0
  d[23] = topic && topic.weight < 1 ? 1 : 0
  d[24] = named.some((n) => n.name.toLowerCase() !== r.ctx.keyword) ? 1 : 0
  d[25] = r.sw.rival ? 1 : 0
  d[26] = r.sw.compared ? 1 : 0
  d[27] = icp ? 1 : 0
  d[28] = lang === 'en' ? 1 : 0
  d[29] = lang === 'ja' || lang === 'other' ? 1 : 0
  d[30] = wordCount < 15 ? 1 : 0
  d[31] = wordCount > 80 ? 1 : 0
  d[32] = input.icps.length > 0 ? 1 : 0
  d[33] = input.icps.length === 0 && profiles.length > 0 ? 1 : 0
  d[34] = namesOwn(r.lower, r.ctx) ? 1 : 0
  // A few products of facts a linear model cannot form: buying and complaint cues count for more on topic.
  const onTopic = topic === null || topic.weight >= 1 ? 1 : 0
  d[35] = onTopic * d[7]
  d[36] = onTopic * d[8]
  d[37] = onTopic * (r.keywordPresent === false ? 0 : 1)
  d[38] = r.asks ? Math.min(1, questionMarks(r.text) / 3) : 0
  // The keyword compared with what the team sells: a rival's name tracked as the keyword, a phrase, near the start.
  const kw = r.ctx.keyword
  const kwIsRival = kw !== '' && profiles.some((p) => (p.competitors ?? []).some((c) => c.toLowerCase() === kw))
  d[39] = kwIsRival ? 1 : 0
  d[40] = r.ctx.keywordTokens.length > 1 && r.keywordPresent ? 1 : 0
  d[41] = icp ? clip(icp.tokens.length, 4) : 0
  d[42] = kwIsRival && offTopic ? 1 : 0
  const at = kw ? r.lower.indexOf(kw) : -1
  d[43] = at >= 0 && at < 120 ? 1 : 0
  // The rules' word sense is least sure on a short post and on one that asks to buy: little text, or a buyer's words.
  d[44] = offTopic && wordCount < 15 ? 1 : 0
  d[45] = offTopic ? d[7] : 0
  d[46] = d[33] && !input.context ? 1 : 0
  // With the keyword alone for a profile, the rules' word sense has only the keyword's market vocabulary to go by and
  // calls many on-topic posts off topic ("a CRM for a team of five"): its verdict is read apart there, so that the
  // model learns how far to trust it in each case.
  if (d[46]) {
    d[47] = d[5] as number
    d[48] = d[23] as number
    d[49] = d[45] as number
    d[5] = d[23] = d[44] = d[45] = 0
  }
  // Whose life the post is about: a private person's words with no word of work (life-words.ts).
  const { life, work } = lifeAndWork(r.words.roots.roots)
  d[50] = clip(life, 2)
  d[51] = clip(work, 2)
  d[52] = life > 0 && work === 0 ? 1 : 0
  d[DENSE - 1] = 1
  const keyword = keywordHashes(input.keyword ?? '')
  const names: Names = { keyword, rivals: NO_RIVALS }
  if (named.length > 0) {
    const rivals = new Set<number>()
    for (const n of named) wordHashes(n.name, rivals)
    for (const k of keyword) rivals.delete(k)
    names.rivals = Int32Array.from(rivals)
  }
  return {
    text: textFeatures(r.lower, names, bits, vocabulary),
    dense: d,
    rules,
    profiles,
    matched: icp?.name ?? null,
    matchedWords: icp,
    rulesFacts: seen.facts,
    teamProfiles: input.icps,
    keywordAlone: d[46] === 1,
  }
}
