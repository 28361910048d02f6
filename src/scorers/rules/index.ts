/**
 * The embedded `rules` scorer: a deterministic, offline classifier of buying intent in social posts.
 *
 * A post is read once (reading.ts: words and language, cues, frames, modifiers) and judged per team (judge.ts): off
 * topic when the keyword is used in another sense, else COMPETITOR, ACTIVE, PAIN, QUESTION or MENTION from cue
 * strengths, with a score from a base per intent, capped per intent (docs/model.md#deciding-the-intent). The cues
 * are in buying-cues.ts, pain-cues.ts, seller-cues.ts, work-pain-cues.ts, lang-cues.ts and modifiers.ts; matching,
 * rivals, ICP words, word sense and complaint rules in the files beside them. Every regular expression is compiled once at module load.
 */
import { buyerWithModel, readAsked, withQueryWords } from '../model/index'
import { embeddedAnswer } from '../model/embedded-answer'
import { readAsSpelled, type Spelled, withSpelling } from './keyword-spelling'
import type { ScoreInput, ScoreResult, Scorer } from '../types'
import { judge } from './judge'

export { matchIcp, stem, tokenize } from './icp'
export { judge } from './judge'
export type { CueHit } from './hits'
export { containsWord, findCues } from './match'
export { isNegated } from './negation'
export { type Reading, readPost } from './reading'

/** The rules' verdict on one post. Pure and synchronous. A query is judged by its words (model/keyword.ts). */
export function scoreContent(asked: ScoreInput): ScoreResult {
  const { reading, input } = readAsked(asked)
  return judge(reading, input.icps, input.keyword)
}

/**
 * What the embedded scorer answers for one post: the learned model where the post can be judged against a market,
 * the rules for a bare text (model/embedded-answer.ts). Pure and synchronous.
 */
export function scoreEmbedded(asked: ScoreInput): ScoreResult {
  const { reading, input } = readAsked(asked)
  return embeddedAnswer(reading, input)
}

/**
 * The embedded scorer's answer or the model's buyer probability (what triage decides on, docs/scoring.md#triage).
 * `reasonFrom`: the score from which the caller keeps the answer's reason (model/answer.ts).
 */
export type RulesReader = {
  answer(input: ScoreInput, reasonFrom?: number): ScoreResult
  buyer(input: ScoreInput): number
}

/**
 * The rules scorer and the triage model as synchronous functions that read each post once for the teams asking about
 * it in a row, as polling does (a batch is cut into contiguous parts, pool.ts). Only the last reading is kept:
 * keeping the last 256 cost a key of the whole text and its hash per call and kept readings alive for the collector
 * (docs/model.md#performance), and a post asked about again later is only read again.
 */
export function createRulesReader(): RulesReader {
  let last: { keyword: string; context: string; content: string; spelled: Spelled } | undefined
  const read = (input: ScoreInput): Spelled => {
    const keyword = (input.keyword ?? '').trim().toLowerCase()
    const context = input.context ?? ''
    if (last === undefined || last.content !== input.content || last.keyword !== keyword || last.context !== context)
      last = {
        keyword,
        context,
        content: input.content,
        spelled: readAsSpelled(input.content, input.keyword, input.context),
      }
    return last.spelled
  }
  return {
    answer(asked, reasonFrom) {
      const input = withQueryWords(asked)
      const spelled = read(input)
      return embeddedAnswer(spelled.reading, withSpelling(input, spelled), reasonFrom)
    },
    buyer(asked) {
      const input = withQueryWords(asked)
      const spelled = read(input)
      return buyerWithModel(spelled.reading, withSpelling(input, spelled))
    },
  }
}

/**
 * The rules scorer of the score route, searches and the fallback: each call is about a text of its own, so no reading
 * is kept (polling's workers use createRulesReader). Keeping them cost each call a key of the whole text, its hash
 * and the map's upkeep, and kept 256 readings alive for the collector to walk (docs/model.md#performance).
 */
export function createRulesScorer(): Scorer {
  return {
    name: 'rules',
    // The work is synchronous and bounded (a fixed set of precompiled regexes over at most 20,000 characters),
    // so the abort signal is not consulted.
    async score(input: ScoreInput, _signal: AbortSignal): Promise<ScoreResult> {
      return scoreEmbedded(input)
    },
  }
}
