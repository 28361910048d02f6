import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db'
import type { SignalFilter } from './queries'

/** Where an export page starts: after this (platform, post id), the signal's natural key. */
export type ExportCursor = { platform: string; postId: string }

export type ExportRow = {
  postId: string
  platform: string
  author: string
  intent: string
  score: number
  reason: string
  icpMatch: string | null
  preview: string
  contentFull: string | null
  url: string
  keyword: string
  publishedAt: string
  detectedAt: string
}

/**
 * One page of an export (docs/api.md#export): the team's signals in (platform, post id) order, after `after`.
 *
 * Why this order and not the list's: it is the signal's natural key, the same in every database the signals are
 * imported into, while the list breaks ties on the signal id, which an import draws at random; exports of the
 * same signals are then identical byte for byte. The unique index (team_id, platform, post_id) walks it, and
 * `indexed by` keeps SQLite on it when a filter has an index of its own (that one would need the whole match
 * sorted for every page). The bound after the cursor is one seek, so every page costs the same at any depth
 * (test/storage/repos/signals/export.test.ts reads the plans).
 */
export function exportQuery(a: { teamId: string; filter: SignalFilter; after?: ExportCursor; limit: number }): SQL {
  const f = a.filter
  const conditions: SQL[] = [sql`team_id = ${a.teamId}`]
  if (f.intent !== undefined) conditions.push(sql`intent = ${f.intent}`)
  if (f.platform !== undefined) conditions.push(sql`platform = ${f.platform}`)
  if (f.keyword !== undefined) conditions.push(sql`keyword = ${f.keyword} collate nocase`)
  if (f.minScore) conditions.push(sql`score >= ${f.minScore}`)
  if (f.since !== undefined) conditions.push(sql`published_at >= ${f.since}`)
  // With one platform the bound is on the post id alone: SQLite seeks on `platform = ? and post_id > ?` but, given
  // the row value beside `platform = ?`, would walk that platform's rows from its first one on every page.
  if (a.after && f.platform !== undefined) conditions.push(sql`post_id > ${a.after.postId}`)
  else if (a.after) conditions.push(sql`(platform, post_id) > (${a.after.platform}, ${a.after.postId})`)
  return sql`
    select post_id as postId, platform, author, intent, score, reason, icp_match as icpMatch, preview,
      content_full as contentFull, url, keyword, published_at as publishedAt, detected_at as detectedAt
    from signals indexed by signals_team_post_idx
    where ${sql.join(conditions, sql` and `)}
    order by platform, post_id
    limit ${a.limit}`
}

export async function exportPage(db: Db, a: Parameters<typeof exportQuery>[0]): Promise<ExportRow[]> {
  return db.all<ExportRow>(exportQuery(a))
}
