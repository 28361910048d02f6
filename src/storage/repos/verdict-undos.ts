import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { signalFeedback } from '../tables/signal-feedback'
import { verdictUndos } from '../tables/verdict-undos'

/** What a signal was before a console verdict, as an Undo puts it back (docs/console.md#verdicts). */
export type Before = {
  verdict: 'relevant' | 'not_relevant' | null
  reason: string | null
  judgedAt: string | null
  dismissed: boolean
}

/** The undo records of console verdicts (tables/verdict-undos.ts); each is written with its verdict (signal-feedback.ts). */
export function createVerdictUndosRepo(db: Db) {
  return {
    /**
     * The record of the verdict judged at `undoes` (an ISO time as the verdict's answer gave it), deleted as it is read,
     * in one statement: of two Undos at once, on any executables, one gets it and the other nothing. Only while it is
     * the team's and `userId`'s, that verdict is still the signal's (not judged again since), and it was given after
     * `after` (an ISO time: older records have expired).
     */
    async take(a: { teamId: string; userId: string; signalId: string; undoes: string; after: string }) {
      const [found] = await db
        .delete(verdictUndos)
        .where(
          and(
            eq(verdictUndos.signalId, a.signalId),
            eq(verdictUndos.teamId, a.teamId),
            eq(verdictUndos.userId, a.userId),
            eq(verdictUndos.undoes, a.undoes),
            gt(verdictUndos.undoes, a.after),
            sql`exists (select 1 from ${signalFeedback} where ${signalFeedback.signalId} = ${a.signalId} and ${signalFeedback.judgedAt} = ${a.undoes})`,
          ),
        )
        .returning({
          verdict: verdictUndos.verdict,
          reason: verdictUndos.reason,
          judgedAt: verdictUndos.judgedAt,
          dismissed: verdictUndos.dismissed,
        })
      return found as Before | undefined
    },
  }
}
