import { and, desc, eq, gte, sql } from 'drizzle-orm'
import type { Db } from '../../engine/types'
import { people } from '../../tables/people'
import { signals } from '../../tables/signals'

/**
 * The team's signals published since `since`, newest first (signals_published_idx), for the query preview
 * (domain/keywords/preview.ts), with their author's profile address: a news article's `site:` is its publisher's,
 * which only that holds (its url may be Google's redirect, docs/queries.md#filters). Apart from index.ts: the one read
 * of signals joined to their authors, which the list and the count never need.
 */
export function recentSignals(db: Db, teamId: string, since: string, limit: number) {
  return (
    db
      .select({
        id: signals.id,
        platform: signals.platform,
        author: signals.author,
        url: signals.url,
        profileUrl: sql<string | null>`${people.profileUrl}`,
        preview: signals.preview,
        content: sql<string>`coalesce(${signals.contentFull}, ${signals.preview})`,
        keyword: signals.keyword,
        publishedAt: signals.publishedAt,
      })
      .from(signals)
      // The identity that wrote it (people_identity_idx), not the person it may be linked to.
      .leftJoin(
        people,
        and(
          eq(people.teamId, signals.teamId),
          eq(people.platform, signals.platform),
          eq(people.author, signals.author),
        ),
      )
      .where(and(eq(signals.teamId, teamId), gte(signals.publishedAt, since)))
      .orderBy(desc(signals.publishedAt))
      .limit(limit)
      .all()
  )
}
