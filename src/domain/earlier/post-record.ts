import type { Mention } from '../../mention'
import type { ScoreResult } from '../../scorers/types'
import type { PostState } from '../../storage/repos/earlier-posts'
import { languageOf } from '../search/language'

/** docs/api.md#post-records: hot from 8, warm from 5, else cold. */
function evaluationOf(score: number): 'hot' | 'warm' | 'cold' {
  return score >= 8 ? 'hot' : score >= 5 ? 'warm' : 'cold'
}

// Plain words of approval and of disappointment; the scorer's PAIN intent already covers complaints.
const GOOD =
  /\b(?:love[sd]?|great|awesome|amazing|excellent|fantastic|recommend(?:ed)?|happy|thank(?:s| you)|impressed|works\s+(?:great|well)|game[\s-]?changer|best)\b/i
const BAD =
  /\b(?:hate[sd]?|terrible|awful|horrible|worst|useless|disappointed|disappointing|broken|scam|sucks?|annoying|frustrat\w*|angry|never\s+again)\b/i

/** `good`, `neutrale` (the spelling the earlier route used) or `bad`. */
function sentimentOf(text: string, intent: ScoreResult['intent']): 'good' | 'neutrale' | 'bad' {
  if (intent === 'PAIN' || BAD.test(text)) return 'bad'
  return GOOD.test(text) ? 'good' : 'neutrale'
}

/** A post record of the earlier search route (docs/api.md#post-records). */
export function toPostRecord(m: Mention, scored: ScoreResult, state: PostState | undefined) {
  return {
    id: m.id,
    date: m.date,
    content: m.content,
    name: m.author || null,
    link: m.url,
    read: state?.read ?? false,
    evaluate: evaluationOf(scored.score),
    sentiment: sentimentOf(m.content, scored.intent),
    note: state?.note ?? '',
    language: languageOf(m.content),
  }
}
