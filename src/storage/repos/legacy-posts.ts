import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { legacyPosts } from '../tables/legacy-posts'

export type PostState = { read: boolean; note: string }

export function createLegacyPostsRepo(db: Db) {
  return {
    /** Remembers the posts a search found (new ones unread, without a note) and returns each one's stored state. */
    async remember(a: {
      teamId: string
      network: string
      keyword: string
      postIds: string[]
      at: string
    }): Promise<Map<string, PostState>> {
      if (a.postIds.length === 0) return new Map()
      await db
        .insert(legacyPosts)
        .values(
          a.postIds.map((postId) => ({
            teamId: a.teamId,
            network: a.network,
            postId,
            keyword: a.keyword,
            firstSeenAt: a.at,
          })),
        )
        .onConflictDoNothing()
      const rows = await db
        .select({ postId: legacyPosts.postId, read: legacyPosts.read, note: legacyPosts.note })
        .from(legacyPosts)
        .where(
          and(
            eq(legacyPosts.teamId, a.teamId),
            eq(legacyPosts.network, a.network),
            inArray(legacyPosts.postId, a.postIds),
          ),
        )
        .all()
      return new Map(rows.map((r) => [r.postId, { read: r.read, note: r.note }]))
    },
  }
}
