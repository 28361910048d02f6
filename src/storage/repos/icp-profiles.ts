import { and, asc, eq, sql } from 'drizzle-orm'
import type { CommitWatch } from '../engine/commit-watch'
import type { Db } from '../engine/types'
import { createEpochCache } from '../engine/epoch-cache'
import { icpProfiles } from '../tables/icp-profiles'

/**
 * A remembered team's profiles are shared by every caller, so they are read-only by type. Not frozen: the engine
 * reads a frozen array by a slow path, and judging a post walks the list and its competitors several times: frozen,
 * they made the rules scorer about 2 µs a post slower (docs/model.md#performance).
 */
type Profile = { readonly name: string; readonly description: string; readonly competitors: readonly string[] }
// Teams whose profiles are remembered at once (`commits`: a local file only, docs/performance.md#cached-keys).
const TEAMS_KEPT = 10_000

export function createIcpProfilesRepo(db: Db, commits?: CommitWatch) {
  const remembered = createEpochCache<readonly Profile[]>(commits, TEAMS_KEPT)
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
    /**
     * A profile added while the team has fewer than `max`, counted by the statement that adds it, so that adds sent
     * at once cannot all read a count below it and all go in (docs/operations.md#teams-keys-keywords-and-profiles).
     * `taken`: the team has a profile of that name; `full`: it has `max`.
     */
    async addWithin(row: typeof icpProfiles.$inferInsert, max: number): Promise<'added' | 'taken' | 'full'> {
      const { id, teamId, name, description, competitors = [], createdAt } = row
      const added = await db.all<{ id: string }>(sql`insert into icp_profiles
          (id, team_id, name, description, competitors, created_at)
        select ${id}, ${teamId}, ${name}, ${description}, ${JSON.stringify(competitors)}, ${createdAt}
        where (select count(*) from icp_profiles where team_id = ${teamId}) < ${max}
        on conflict do nothing returning id`)
      if (added.length > 0) return 'added'
      const named = await db.all(sql`select 1 from icp_profiles where team_id = ${teamId} and name = ${name}`)
      return named.length > 0 ? 'taken' : 'full'
    },
    /** Shared between callers while remembered. */
    async list(teamId: string): Promise<readonly Profile[]> {
      return remembered(teamId, () => byTeam.all({ teamId }))
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
