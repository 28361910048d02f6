import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { jobLeases } from '../tables/job-leases'
import { dbNowMs } from './db-now'

// The expiry `ttlMs` from the database's present: every host reads the same clock (db-now.ts).
const expiryIn = (ttlMs: number) => sql`${dbNowMs} + ${ttlMs}`

/**
 * Leases on jobs that only one process may run at a time. Every change is one compare-and-set statement, so two
 * processes racing for a lease cannot both win it. Expiries are the database's time, never a host's (db-now.ts).
 */
export function createJobLeasesRepo(db: Db) {
  return {
    /** Takes the lease when it is free, expired or already ours; returns the holder after the attempt. */
    async acquire(name: string, holder: string, ttlMs: number): Promise<string> {
      const taken = await db
        .insert(jobLeases)
        .values({ name, holder, expiresAt: expiryIn(ttlMs) })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { holder, expiresAt: expiryIn(ttlMs) },
          setWhere: sql`${jobLeases.expiresAt} <= ${dbNowMs} or ${jobLeases.holder} = ${holder}`,
        })
        .returning({ holder: jobLeases.holder })
      if (taken.length > 0) return holder
      const row = await db.select({ holder: jobLeases.holder }).from(jobLeases).where(eq(jobLeases.name, name)).get()
      return row?.holder ?? ''
    },
    /** Takes the lease from `from` (a holder known to be gone) if nobody else took it first. */
    async takeOver(name: string, from: string, holder: string, ttlMs: number): Promise<boolean> {
      const rows = await db
        .update(jobLeases)
        .set({ holder, expiresAt: expiryIn(ttlMs) })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, from)))
        .returning({ holder: jobLeases.holder })
      return rows.length > 0
    },
    /** Extends our lease; false when it is no longer ours (it expired and another process took it). */
    async renew(name: string, holder: string, ttlMs: number): Promise<boolean> {
      const rows = await db
        .update(jobLeases)
        .set({ expiresAt: expiryIn(ttlMs) })
        .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
        .returning({ holder: jobLeases.holder })
      return rows.length > 0
    },
    /**
     * The unexpired lease's holder and how long it has left by the database's clock, or undefined when none is held:
     * whether its run still goes on is domain/leases/holder.ts leaseStanding's to say.
     */
    async live(name: string): Promise<{ holder: string; expiresInMs: number } | undefined> {
      return db
        .select({ holder: jobLeases.holder, expiresInMs: sql<number>`${jobLeases.expiresAt} - ${dbNowMs}` })
        .from(jobLeases)
        .where(and(eq(jobLeases.name, name), sql`${jobLeases.expiresAt} > ${dbNowMs}`))
        .get()
    },
    async release(name: string, holder: string) {
      await db.delete(jobLeases).where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
    },
    /**
     * A job that runs once per period (e.g. a month) marks the period done in a row of its own whose holder is the
     * period; the row expires with the period, so housekeeping drops it once it no longer matters.
     */
    async periodDone(name: string): Promise<string | undefined> {
      return (await db.select({ holder: jobLeases.holder }).from(jobLeases).where(eq(jobLeases.name, name)).get())
        ?.holder
    },
    async markPeriodDone(name: string, period: string, untilMs: number) {
      await db
        .insert(jobLeases)
        .values({ name, holder: period, expiresAt: untilMs })
        .onConflictDoUpdate({ target: jobLeases.name, set: { holder: period, expiresAt: untilMs } })
    },
  }
}
