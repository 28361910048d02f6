import { and, asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../db'
import { icpProfiles } from '../tables/icp-profiles'

export function createIcpProfilesRepo(db: Db) {
  // Prepared once: every scoring call reads the team's profiles.
  const byTeam = db
    .select({ name: icpProfiles.name, description: icpProfiles.description, competitors: icpProfiles.competitors })
    .from(icpProfiles)
    .where(eq(icpProfiles.teamId, sql.placeholder('teamId')))
    .orderBy(asc(icpProfiles.createdAt), asc(icpProfiles.name))
    .prepare()
  return {
    /** Returns false when the team already has a profile of that name. */
    async insert(row: typeof icpProfiles.$inferInsert): Promise<boolean> {
      const added = await db.insert(icpProfiles).values(row).onConflictDoNothing().returning({ id: icpProfiles.id })
      return added.length > 0
    },
    async list(teamId: string): Promise<{ name: string; description: string; competitors: string[] }[]> {
      return byTeam.all({ teamId })
    },
    /** Returns whether the team has a profile of that name. */
    async update(teamId: string, name: string, patch: { description: string; competitors: string[] }) {
      const updated = await db
        .update(icpProfiles)
        .set(patch)
        .where(and(eq(icpProfiles.teamId, teamId), eq(icpProfiles.name, name)))
        .returning({ id: icpProfiles.id })
      return updated.length > 0
    },
    async remove(teamId: string, name: string): Promise<boolean> {
      const removed = await db
        .delete(icpProfiles)
        .where(and(eq(icpProfiles.teamId, teamId), eq(icpProfiles.name, name)))
        .returning({ id: icpProfiles.id })
      return removed.length > 0
    },
  }
}
