import { asc, eq, or } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { teams } from '../tables/teams'

// The hold counters are the usage repo's own bookkeeping (see usage.ts), not part of a team as the domain sees it.
export type TeamRow = Omit<typeof teams.$inferSelect, 'holdWindow' | 'holdsInWindow' | 'holdsInPrevious'>

export function createTeamsRepo(db: Db) {
  return {
    async insert(row: typeof teams.$inferInsert) {
      await db.insert(teams).values(row)
    },
    /** `ref` is a team id or a team name (docs/operations.md#command-line). */
    async find(ref: string): Promise<TeamRow | undefined> {
      return db
        .select()
        .from(teams)
        .where(or(eq(teams.id, ref), eq(teams.name, ref)))
        .get()
    },
    async byId(id: string): Promise<TeamRow | undefined> {
      return db.select().from(teams).where(eq(teams.id, id)).get()
    },
    async list(): Promise<TeamRow[]> {
      return db.select().from(teams).orderBy(asc(teams.createdAt), asc(teams.name)).all()
    },
    count(): Promise<number> {
      return db.$count(teams)
    },
    async update(id: string, patch: { name?: string; plan?: string; credits?: number }) {
      await db.update(teams).set(patch).where(eq(teams.id, id))
    },
    /**
     * The team and, through the foreign keys' ON DELETE CASCADE, everything that is its own (keys, users and their
     * sessions and OAuth grants, keywords, profiles, signals and verdicts, destinations and their deliveries, usage
     * days, pending posts): one statement, so all of it goes or none does.
     */
    async remove(id: string) {
      await db.delete(teams).where(eq(teams.id, id))
    },
  }
}
