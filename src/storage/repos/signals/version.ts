import { eq, sql } from 'drizzle-orm'
import type { CommitWatch } from '../../engine/commit-watch'
import type { Db } from '../../engine/types'
import { createEpochCache } from '../../engine/epoch-cache'
import { teams } from '../../tables/teams'

// Teams whose signals version is remembered at once.
const VERSIONS_KEPT = 10_000

/**
 * The team's signals version now: it moves with every write of the team's signals (0 for no such team). On a database
 * file it is remembered while nothing but quiet writes is committed (docs/performance.md#cached-keys), so the check
 * after reading a page that it may be cached costs no statement.
 */
export function versionReader(db: Db, commits?: CommitWatch): (teamId: string) => Promise<number> {
  const query = db
    .select({ version: teams.signalsVersion })
    .from(teams)
    .where(eq(teams.id, sql.placeholder('teamId')))
    .prepare()
  const remembered = createEpochCache<number>(commits, VERSIONS_KEPT)
  return (teamId) => remembered(teamId, async () => (await query.all({ teamId }))[0]?.version ?? 0)
}
