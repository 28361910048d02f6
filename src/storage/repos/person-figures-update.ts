import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../engine/types'
import { FIGURES_SET } from './people-figures'

/**
 * The figures of the signal's person summed up again: a signal judged not relevant no longer counts
 * (docs/people.md#heat). `only`: a condition the update also waits for (an Undo's claim, verdict-undos.ts).
 */
export const personFigures = (db: Db, signalId: string, only: SQL = sql`1`) =>
  db.run(
    sql`update people set ${sql.raw(FIGURES_SET)} where id = (select person_id from signals where id = ${signalId}) and ${only}`,
  )
