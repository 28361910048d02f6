import { newId } from '../../lib/ids'
import { truncate } from '../../lib/text'
import type { Mention } from '../../mention'
import type { ScoreResult } from '../../scorers/types'
import type { NewSignal } from '../../storage/repos/signals'
import { AUTHOR_CHARS, FULL_CHARS, PREVIEW_CHARS } from './limits'

/**
 * A polled mention the scorer qualified, as the team's signal (docs/api.md#signals; docs/operations.md#exactly-once).
 */
export function signalFromMention(a: {
  teamId: string
  keyword: string
  mention: Mention
  score: ScoreResult
}): NewSignal & { profileUrl: string } {
  const { mention: m, score: s } = a
  return {
    id: newId('sig'),
    teamId: a.teamId,
    platform: m.platform,
    postId: m.id,
    author: truncate(m.author, AUTHOR_CHARS),
    profileUrl: m.profileUrl,
    intent: s.intent,
    score: s.score,
    reason: s.reason,
    icpMatch: s.icpMatch,
    preview: truncate(m.content, PREVIEW_CHARS),
    contentFull: truncate(m.content, FULL_CHARS),
    url: m.url,
    keyword: a.keyword,
    publishedAt: m.date,
    // A stand-in name is no one's: the signal is stored with no person (docs/people.md#who-is-a-person).
    ...(m.authorKnown === false && { authorKnown: false }),
    // The account's id where its name can change (X): its person is kept by it (docs/people.md#renamed-accounts).
    ...(m.authorId !== undefined && m.authorKnown !== false && { authorId: m.authorId }),
    // No detectedAt: found when stored, by the database's clock (storage/repos/multi-row.ts).
  }
}
