import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { personFigures } from './person-figures-update'
import { signalFeedback } from '../tables/signal-feedback'
import { signals } from '../tables/signals'
import { teams } from '../tables/teams'
import { type Before, beforeOf, keepBefore, readBefore } from './verdict-undos'

export type Verdict = 'relevant' | 'not_relevant'
type FeedbackRow = typeof signalFeedback.$inferInsert

export function createSignalFeedbackRepo(db: Db) {
  return {
    /**
     * Stores a verdict in one transaction: replaces the signal's earlier verdict, marks the signal dismissed or not,
     * sums up its person's figures again, and moves the team's signals version so the cached totals, anchors and pages
     * of the list are read again. It answers what the signal was just before it, read in the transaction that writes,
     * so a verdict committed since the request read the signal is the before (rate_signal's line, an Undo). A console
     * verdict (`undo`: who gave it) also keeps that before for its Undo (verdict-undos.ts). Nothing when the signal is
     * gone.
     */
    async record(row: FeedbackRow, undo?: { userId: string }): Promise<Before | undefined> {
      const dismissed = row.verdict === 'not_relevant'
      const { signalId: _id, teamId: _team, ...changes } = row
      // The version moves first: a write takes the lock before the before is read (a read first would, on sqld, see
      // a snapshot another writer could replace before this transaction writes).
      const [, kept] = await db.batch([
        db
          .update(teams)
          .set({ signalsVersion: sql`${teams.signalsVersion} + 1` })
          .where(eq(teams.id, row.teamId)),
        undo ? keepBefore(db, row, undo.userId) : readBefore(db, row),
        db.insert(signalFeedback).values(row).onConflictDoUpdate({ target: signalFeedback.signalId, set: changes }),
        db
          .update(signals)
          .set({ dismissed })
          .where(and(eq(signals.teamId, row.teamId), eq(signals.id, row.signalId))),
        personFigures(db, row.signalId),
      ])
      const before = kept.rows[0]
      return before && beforeOf(before)
    },
    async byId(teamId: string, signalId: string) {
      return db
        .select()
        .from(signalFeedback)
        .where(and(eq(signalFeedback.teamId, teamId), eq(signalFeedback.signalId, signalId)))
        .get()
    },
    /** The team's verdicts on these signals, by signal id, in one statement; a signal without one is not in it. */
    async verdictsOn(teamId: string, signalIds: string[]): Promise<Map<string, Verdict>> {
      if (signalIds.length === 0) return new Map()
      const rows = await db
        .select({ signalId: signalFeedback.signalId, verdict: signalFeedback.verdict })
        .from(signalFeedback)
        .where(and(eq(signalFeedback.teamId, teamId), inArray(signalFeedback.signalId, signalIds)))
        .all()
      return new Map(rows.map((r) => [r.signalId, r.verdict]))
    },
    /** Every verdict of the team, as the tuning reads them (docs/scoring.md#tuning-by-verdicts). */
    async verdicts(teamId: string) {
      return db
        .select({
          keywordLc: signalFeedback.keywordLc,
          score: signalFeedback.score,
          intent: signalFeedback.intent,
          verdict: signalFeedback.verdict,
        })
        .from(signalFeedback)
        .where(eq(signalFeedback.teamId, teamId))
        .all()
    },
    /** The team's latest verdicts with the text judged, newest first: examples for a model's prompt. */
    async recent(teamId: string, limit: number) {
      return db
        .select({
          content: signals.preview,
          keyword: signals.keyword,
          verdict: signalFeedback.verdict,
        })
        .from(signalFeedback)
        .innerJoin(signals, eq(signals.id, signalFeedback.signalId))
        .where(eq(signalFeedback.teamId, teamId))
        .orderBy(desc(signalFeedback.judgedAt), desc(signalFeedback.signalId))
        .limit(limit)
        .all()
    },
  }
}
