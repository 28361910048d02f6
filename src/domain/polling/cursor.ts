import type { Mention } from '../../mention'
import type { Cursor, CursorUpdate, PendingMention } from '../../storage/repos/polling-types'
import type { SearchTarget } from './targets'

/** A (team, mention) pair of a pass: what gets scored, stored as a signal, or queued. */
export type Pair = PendingMention<Mention>

/** The key of a (platform, keyword) cursor in a pass's map of cursors. */
export const cursorKey = (platform: string, keywordLc: string) => `${platform}\u0000${keywordLc}`

/** The stored cursors keyed by `cursorKey`. */
export function byCursorKey(cursors: CursorUpdate[]): Map<string, Cursor> {
  return new Map(cursors.map(({ platform, keywordLc, ...cursor }) => [cursorKey(platform, keywordLc), cursor]))
}

/** Published after the cursor, or at its very time but not one of the posts it had seen then. */
export function isNewer(m: Mention, cursor: Cursor): boolean {
  if (cursor.newestAt === null || m.date > cursor.newestAt) return true
  return m.date === cursor.newestAt && !cursor.newestIds.includes(m.id)
}

/** The cursor once `mentions` are handled: the newest publication time seen, and every post seen at that time. */
export function advance(
  target: SearchTarget,
  cursor: Cursor | undefined,
  mentions: Mention[],
  polledAt: string,
): CursorUpdate {
  let newestAt = cursor?.newestAt ?? null
  let newestIds = cursor?.newestIds ?? []
  for (const m of mentions) {
    if (newestAt === null || m.date > newestAt) {
      newestAt = m.date
      newestIds = [m.id]
    } else if (m.date === newestAt && !newestIds.includes(m.id)) {
      newestIds = [...newestIds, m.id]
    }
  }
  return { platform: target.platform, keywordLc: target.keywordLc, newestAt, newestIds, polledAt }
}

/**
 * The (team, mention) pairs a page of search results brings: its new mentions for every team of the target, and all
 * of it for a team that started tracking the keyword after the cursor's pass (it has seen none of it yet). Post by
 * post, each post's teams in a row: the rules scorer reads a post once and judges it for each team. `fresh`: how
 * many mentions are new.
 */
export function pairsOf(target: SearchTarget, cursor: Cursor | undefined, mentions: Mention[]) {
  const fresh = new Set(cursor ? mentions.filter((m) => isNewer(m, cursor)) : mentions)
  const late = target.teams.filter((t) => !cursor || t.trackedSince > cursor.polledAt)
  const pairs: Pair[] = mentions.flatMap((mention) =>
    (fresh.has(mention) ? target.teams : late).map((t) => ({
      teamId: t.teamId,
      platform: target.platform,
      postId: mention.id,
      keyword: t.keyword,
      mention,
      attempts: 0,
    })),
  )
  return { fresh: fresh.size, pairs }
}
