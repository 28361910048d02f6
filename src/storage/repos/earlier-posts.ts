import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { earlierPosts } from '../tables/earlier-posts'

export type PostState = { read: boolean; note: string }

export function createEarlierPostsRepo(db: Db) {
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
        .insert(earlierPosts)
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
        .select({ postId: earlierPosts.postId, read: earlierPosts.read, note: earlierPosts.note })
        .from(earlierPosts)
        .where(
          and(
            eq(earlierPosts.teamId, a.teamId),
            eq(earlierPosts.network, a.network),
            inArray(earlierPosts.postId, a.postIds),
          ),
        )
        .all()
      return new Map(rows.map((r) => [r.postId, { read: r.read, note: r.note }]))
    },
  }
}
