import { and, eq, gt, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { signalFeedback } from '../tables/signal-feedback'
import { signals } from '../tables/signals'
import { teams } from '../tables/teams'
import { verdictUndos } from '../tables/verdict-undos'
import { personFigures } from './person-figures-update'

/** What a signal was before a console verdict, as an Undo puts it back (docs/console.md#verdicts). */
export type Before = {
  verdict: 'relevant' | 'not_relevant' | null
  reason: string | null
  judgedAt: string | null
  dismissed: boolean
}

/**
 * What the tuning keeps of the signal with a verdict (docs/scoring.md#tuning-by-verdicts), written again by an Undo.
 */
type Judged = { keywordLc: string; score: number; intent: string; scoredBy: string | null }
type Produced = Judged & { model: string | null; promptVersion: string | null }

/**
 * The statement that keeps, for the Undo of the console verdict `row` by `userId`, what the signal is as it runs (its
 * verdict or none, whether it is dismissed), replacing the signal's earlier record; it answers that before. It goes
 * first in the verdict's own transaction (signal-feedback.ts), so the before is read where the verdict is written.
 */
export const keepBefore = (db: Db, row: { signalId: string; teamId: string; judgedAt: string }, userId: string) =>
  db.run(sql`insert into verdict_undos (signal_id, team_id, user_id, undoes, verdict, reason, judged_at, dismissed)
    select s.id, s.team_id, ${userId}, ${row.judgedAt}, f.verdict, f.reason, f.judged_at, s.dismissed
    from signals s left join signal_feedback f on f.signal_id = s.id
    where s.id = ${row.signalId} and s.team_id = ${row.teamId}
    on conflict (signal_id) do update set user_id = excluded.user_id, undoes = excluded.undoes,
      verdict = excluded.verdict, reason = excluded.reason, judged_at = excluded.judged_at, dismissed = excluded.dismissed
    returning verdict, reason, judged_at, dismissed`)

/**
 * The statement that reads, for an assistant's verdict (no Undo, nothing kept), what the signal is as it runs: its
 * verdict or none, whether it is dismissed. Like keepBefore it goes in the verdict's own transaction, after a write
 * has taken the lock (signal-feedback.ts), so a teammate's verdict committed meanwhile is the before it answers.
 */
export const readBefore = (db: Db, row: { signalId: string; teamId: string }) =>
  db.run(sql`select f.verdict, f.reason, f.judged_at, s.dismissed
    from signals s left join signal_feedback f on f.signal_id = s.id
    where s.id = ${row.signalId} and s.team_id = ${row.teamId}`)

/** A record's row, as the database answers it, as a Before. */
export const beforeOf = (r: Record<string, unknown>): Before => ({
  verdict: (r.verdict ?? null) as Before['verdict'],
  reason: (r.reason ?? null) as string | null,
  judgedAt: (r.judged_at ?? null) as string | null,
  dismissed: Number(r.dismissed) === 1,
})

/**
 * The undo records of console verdicts (tables/verdict-undos.ts); each is written with its verdict
 * (signal-feedback.ts).
 */
export function createVerdictUndosRepo(db: Db) {
  return {
    /**
     * Undoes the console verdict judged at `undoes` (an ISO time as the verdict's answer gave it) and answers the
     * signal's before, or nothing: only while its record is the team's and `userId`'s, that verdict is still the
     * signal's (not judged again since) and it was given after `after` (an ISO time: older records have expired).
     * One transaction: the record is claimed (its `undoes` marked), every write is guarded on that mark, and the record
     * goes last. A verdict committed by anyone meanwhile either lands before it (no claim: nothing changes) or after
     * it, and is never written over as a restore read in an earlier step would (docs/console.md#verdicts). Of two Undos
     * at once, on any executables, one claims it and the other changes nothing.
     */
    async undo(a: { teamId: string; userId: string; signalId: string; undoes: string; after: string }, row: Produced) {
      const { teamId, signalId } = a
      const mark = `undoing ${a.undoes}`
      // The record claimed by this Undo, and what it held: each write below applies only then.
      const claimedWith = (held: SQL) =>
        sql`exists (select 1 from ${verdictUndos} where ${verdictUndos.signalId} = ${signalId} and ${verdictUndos.undoes} = ${mark} and ${held})`
      const claimed = claimedWith(sql`1`)
      const earlier = (column: string) =>
        sql
          .raw(`(select ${column} from verdict_undos where signal_id = `)
          .append(sql`${signalId} and undoes = ${mark})`)
      const none = claimedWith(sql`(${verdictUndos.verdict} is null or ${verdictUndos.judgedAt} is null)`)
      const some = claimedWith(sql`${verdictUndos.verdict} is not null and ${verdictUndos.judgedAt} is not null`)
      const ofSignal = and(eq(signalFeedback.teamId, teamId), eq(signalFeedback.signalId, signalId))
      const results = await db.batch([
        db
          .update(verdictUndos)
          .set({ undoes: mark })
          .where(
            and(
              eq(verdictUndos.signalId, signalId),
              eq(verdictUndos.teamId, teamId),
              eq(verdictUndos.userId, a.userId),
              eq(verdictUndos.undoes, a.undoes),
              gt(verdictUndos.undoes, a.after),
              sql`exists (select 1 from ${signalFeedback} where ${signalFeedback.signalId} = ${signalId} and ${signalFeedback.judgedAt} = ${a.undoes})`,
            ),
          ),
        db.delete(signalFeedback).where(and(ofSignal, none)),
        db
          .update(signalFeedback)
          .set({
            ...row,
            verdict: earlier('verdict'),
            reason: earlier('reason'),
            judgedAt: earlier('judged_at'),
          })
          .where(and(ofSignal, some)),
        db
          .update(signals)
          .set({ dismissed: earlier('dismissed') })
          .where(and(eq(signals.teamId, teamId), eq(signals.id, signalId), claimed)),
        personFigures(db, signalId, claimed),
        db
          .update(teams)
          .set({ signalsVersion: sql`${teams.signalsVersion} + 1` })
          .where(and(eq(teams.id, teamId), claimed)),
        db
          .delete(verdictUndos)
          .where(and(eq(verdictUndos.signalId, signalId), eq(verdictUndos.undoes, mark)))
          .returning({
            verdict: verdictUndos.verdict,
            reason: verdictUndos.reason,
            judgedAt: verdictUndos.judgedAt,
            dismissed: verdictUndos.dismissed,
          }),
      ])
      return results[6][0] as Before | undefined
    },
  }
}
