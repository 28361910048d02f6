import { sql } from 'drizzle-orm'

/**
 * The database's present in epoch ms, as SQL. Lease and claim expiries are written and compared with it inside the
 * statement that decides them, so the hosts sharing one database (docs/operations.md#several-executables-on-sqld)
 * all read one clock: a host whose own clock is minutes off can neither take a live lease or claim nor keep an
 * expired one. julianday, not unixepoch('subsec'), which older engines lack; 'now' holds still within a statement.
 */
export const DB_NOW_MS = "cast(round((julianday('now') - 2440587.5) * 86400000) as integer)"

/** DB_NOW_MS for drizzle's query builder. */
export const dbNowMs = sql.raw(DB_NOW_MS)
