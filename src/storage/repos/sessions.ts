import { and, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { teams } from '../tables/teams'
import { sessions, signInFailures, users } from '../tables/users'

export type SessionRow = typeof sessions.$inferSelect

export function createSessionsRepo(db: Db) {
  return {
    async insert(row: SessionRow) {
      await db.insert(sessions).values(row)
    },
    async find(tokenHash: string, nowMs: number) {
      return db
        .select({ session: { id: sessions.id, expiresAt: sessions.expiresAt }, user: users, team: teams })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(teams, eq(teams.id, users.teamId))
        .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, nowMs)))
        .get()
    },
    async remove(tokenHash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
    },
    /** Ends every session of a user (a new password). */
    async removeForUser(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId))
    },
    async removeExpired(nowMs: number) {
      await db.delete(sessions).where(lte(sessions.expiresAt, nowMs))
    },
    /** Failures per subject since `sinceMs`, and the oldest of them (when the count will drop). */
    async failures(subject: string, sinceMs: number) {
      const rows = await db
        .select({ at: signInFailures.at })
        .from(signInFailures)
        .where(and(eq(signInFailures.subject, subject), gt(signInFailures.at, sinceMs)))
        .orderBy(signInFailures.at)
        .all()
      return rows.map((r) => r.at)
    },
    /** Records a failure for each subject and forgets those that fell out of the window. */
    async recordFailure(subjects: string[], atMs: number, windowStartMs: number) {
      await db.batch([
        db.insert(signInFailures).values(subjects.map((subject) => ({ subject, at: atMs }))),
        db.delete(signInFailures).where(lte(signInFailures.at, windowStartMs)),
      ])
    },
    async clearFailures(subject: string) {
      await db.delete(signInFailures).where(eq(signInFailures.subject, subject))
    },
  }
}
