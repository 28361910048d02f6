import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { teams } from '../tables/teams'
import { sessions, signInFailures, users } from '../tables/users'

type SessionRow = typeof sessions.$inferSelect

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
    /**
     * Counts a sign-in attempt against every subject at once, before its password is checked: one statement that
     * inserts a row per subject only when each subject has fewer than `max` since `sinceMs`, so parallel attempts
     * cannot all pass a count read before any was written. The rows' ids, or null when a subject is at its limit.
     */
    async takeAttempt(subjects: string[], atMs: number, sinceMs: number, max: number): Promise<number[] | null> {
      const values = sql.join(
        subjects.map((s) => sql`(${s})`),
        sql`, `,
      )
      const under = sql.join(
        subjects.map(
          (s) => sql`(select count(*) from sign_in_failures where subject = ${s} and at > ${sinceMs}) < ${max}`,
        ),
        sql` and `,
      )
      const rows = await db.all<{ id: number }>(
        sql`insert into sign_in_failures (subject, at) select column1, ${atMs} from (values ${values}) where ${under} returning id`,
      )
      return rows.length === subjects.length ? rows.map((r) => r.id) : null
    },
    /** Takes back the rows of an attempt that succeeded. */
    async dropAttempt(ids: number[]) {
      await db.delete(signInFailures).where(inArray(signInFailures.id, ids))
    },
    /** Forgets the failures that fell out of the window. */
    async forgetFailuresBefore(windowStartMs: number) {
      await db.delete(signInFailures).where(lte(signInFailures.at, windowStartMs))
    },
    async clearFailures(subject: string) {
      await db.delete(signInFailures).where(eq(signInFailures.subject, subject))
    },
  }
}
