import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { remember } from '../../lib/bounded-map'
import type { CommitWatch } from '../engine/commit-watch'
import type { Db } from '../engine/types'
import { apiKeys } from '../tables/api-keys'
import { teams } from '../tables/teams'
import { lastUseWrites } from './last-use'

// Keys whose lookups are remembered at once; past that, the one remembered longest ago is forgotten.
const KEYS_KEPT = 10_000

/**
 * `commits` (a local file only): a key's lookup is then remembered for as long as nothing is committed to the
 * database, by this process or any other, but quiet writes (docs/performance.md#cached-keys): a revocation, a plan
 * change or another process's charge counts from the next request on, in every process, exactly as without it. The
 * counters of this process's own charges arrive through `countersTaken`.
 */
export function createApiKeysRepo(db: Db, commits?: CommitWatch) {
  // Prepared once: this lookup runs on every authenticated request that the cache does not answer.
  const byHash = db
    .select({ key: { id: apiKeys.id, revokedAt: apiKeys.revokedAt, lastUsedAt: apiKeys.lastUsedAt }, team: teams })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .where(eq(apiKeys.hash, sql.placeholder('hash')))
    .prepare()
  type Found = NonNullable<Awaited<ReturnType<typeof byHash.get>>>
  type Team = Found['team']
  // A key remembers its team's id; the team's row is kept once, so that a charge updates it for all its keys.
  const keys = new Map<string, { epoch: number; key: Found['key']; teamId: string }>()
  const teamRows = new Map<string, { epoch: number; team: Team }>()
  // At most once a minute, also for requests that arrive together (last-use.ts).
  const uses = lastUseWrites(
    (id, at) => db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id)),
    KEYS_KEPT,
  )
  return {
    async insert(row: typeof apiKeys.$inferInsert) {
      await db.insert(apiKeys).values(row)
    },
    /** The key and its team; both shared between callers while remembered, so frozen. */
    async findByHash(hash: string): Promise<Found | undefined> {
      // Taken before the lookup: a commit landing between the two moves the epoch, and the next request looks again.
      const epoch = commits?.epoch() ?? null
      if (epoch === null) return byHash.get({ hash })
      const hit = keys.get(hash)
      const row = hit && teamRows.get(hit.teamId)
      if (hit?.epoch === epoch && row?.epoch === epoch) return { key: hit.key, team: row.team }
      const found = await byHash.get({ hash })
      if (found) {
        const team = Object.freeze(found.team)
        remember(keys, hash, { epoch, key: Object.freeze(found.key), teamId: team.id }, KEYS_KEPT)
        remember(teamRows, team.id, { epoch, team }, KEYS_KEPT)
      }
      return found
    },
    /**
     * The counters a charge of this process left on its team (a quiet write). Within one epoch they only move one way
     * (give-backs and month changes are not quiet), so a late report never takes a row back.
     */
    countersTaken(teamId: string, c: { quotaUsed: number; creditUsed: number; credits: number }) {
      const row = teamRows.get(teamId)
      if (!row) return
      const t = row.team
      row.team = Object.freeze({
        ...t,
        quotaUsed: Math.max(t.quotaUsed, c.quotaUsed),
        creditUsed: Math.max(t.creditUsed, c.creditUsed),
        credits: Math.min(t.credits, c.credits),
      })
    },
    async listForTeam(teamId: string) {
      return db
        .select({
          prefix: apiKeys.prefix,
          label: apiKeys.label,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
          revokedAt: apiKeys.revokedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.teamId, teamId))
        .orderBy(asc(apiKeys.createdAt))
        .all()
    },
    /** Returns whether an active key with that prefix existed. */
    async revoke(teamId: string, prefix: string, at: string): Promise<boolean> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.teamId, teamId), eq(apiKeys.prefix, prefix), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id })
      return rows.length > 0
    },
    touch: uses.touch,
    /** The key's last use: what its row said, or the later use this process wrote or is writing. */
    lastUse: uses.lastUse,
  }
}
