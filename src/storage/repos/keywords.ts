import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { keywords } from '../tables/keywords'
import { chunks } from './multi-row'

export function createKeywordsRepo(db: Db) {
  return {
    /** Adds the keywords not already tracked (case-insensitively); returns those added. */
    async add(rows: (typeof keywords.$inferInsert)[]): Promise<string[]> {
      if (rows.length === 0) return []
      const added = await db
        .insert(keywords)
        .values(rows)
        .onConflictDoNothing()
        .returning({ keyword: keywords.keyword })
      return added.map((r) => r.keyword)
    },
    async list(teamId: string): Promise<string[]> {
      const rows = await db
        .select({ keyword: keywords.keyword })
        .from(keywords)
        .where(eq(keywords.teamId, teamId))
        .orderBy(asc(keywords.createdAt), asc(keywords.keywordLc))
        .all()
      return rows.map((r) => r.keyword)
    },
    /** Every tracked keyword of every team (or of one): what a polling pass searches for. */
    async all(teamId?: string) {
      return db
        .select({
          teamId: keywords.teamId,
          keyword: keywords.keyword,
          keywordLc: keywords.keywordLc,
          createdAt: keywords.createdAt,
        })
        .from(keywords)
        .where(teamId ? eq(keywords.teamId, teamId) : undefined)
        .orderBy(asc(keywords.keywordLc), asc(keywords.teamId))
        .all()
    },
    /**
     * Of these teams, each tracked keyword's team and key, in one read: what a polling pass checks a page's pairs
     * against (domain/polling/tracked-now.ts).
     */
    async keysOf(teamIds: string[]): Promise<{ teamId: string; keywordLc: string }[]> {
      const rows: { teamId: string; keywordLc: string }[] = []
      for (const part of chunks(teamIds))
        rows.push(
          ...(await db
            .select({ teamId: keywords.teamId, keywordLc: keywords.keywordLc })
            .from(keywords)
            .where(inArray(keywords.teamId, part))
            .all()),
        )
      return rows
    },
    /** Every team's tracked keywords, only who tracks what: what a stream matches posts against. */
    async tracked(): Promise<{ teamId: string; keyword: string }[]> {
      return db
        .select({ teamId: keywords.teamId, keyword: keywords.keyword })
        .from(keywords)
        .orderBy(asc(keywords.keywordLc), asc(keywords.teamId))
        .all()
    },
    async isTracked(teamId: string, keywordLc: string): Promise<boolean> {
      const row = await db
        .select({ id: keywords.id })
        .from(keywords)
        .where(and(eq(keywords.teamId, teamId), eq(keywords.keywordLc, keywordLc)))
        .get()
      return row !== undefined
    },
    async remove(teamId: string, keywordsLc: string[]): Promise<string[]> {
      const removed = await db
        .delete(keywords)
        .where(and(eq(keywords.teamId, teamId), inArray(keywords.keywordLc, keywordsLc)))
        .returning({ keyword: keywords.keyword })
      return removed.map((r) => r.keyword)
    },
  }
}
