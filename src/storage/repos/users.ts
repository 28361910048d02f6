import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { teams } from '../tables/teams'
import { users } from '../tables/users'

type UserRow = typeof users.$inferSelect

export function createUsersRepo(db: Db) {
  return {
    /** Returns false when the address is taken (the unique index decides, also between processes). */
    async insert(row: UserRow): Promise<boolean> {
      const rows = await db.insert(users).values(row).onConflictDoNothing().returning({ id: users.id })
      return rows.length > 0
    },
    async findByEmail(email: string) {
      return db
        .select({ user: users, team: teams })
        .from(users)
        .innerJoin(teams, eq(teams.id, users.teamId))
        .where(eq(users.email, email))
        .get()
    },
    async listForTeam(teamId: string) {
      return db
        .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.teamId, teamId))
        .orderBy(asc(users.createdAt), asc(users.email))
        .all()
    },
    /** Removes the user (their sessions go with them). Returns whether one was removed. */
    async remove(teamId: string, email: string): Promise<boolean> {
      const rows = await db
        .delete(users)
        .where(and(eq(users.teamId, teamId), eq(users.email, email)))
        .returning({ id: users.id })
      return rows.length > 0
    },
    async setPasswordHash(userId: string, passwordHash: string) {
      await db.update(users).set({ passwordHash }).where(eq(users.id, userId))
    },
  }
}
