import { sql } from 'drizzle-orm'

/**
 * The database's present in epoch ms, as SQL. Lease and claim expiries are written and compared with it inside the
 * statement that decides them, so the hosts sharing one database (docs/operations.md#several-executables-on-sqld)
 * all read one clock: a host whose own clock is minutes off can neither take a live lease or claim nor keep an
 * expired one. julianday, not unixepoch('subsec'), which older engines lack; 'now' holds still within a statement.
 */
export const DB_NOW_MS = "cast(round((julianday('now') - 2440587.5) * 86400000) as integer)"

/**
 * The database's present as stored times are written (ISO 8601 UTC, milliseconds, one width: text order is time
 * order). A found signal's detected_at is this, written by the statement that stores it: digest and e-mail windows
 * are judged by the database's clock too (domain/webhooks/digests.ts), so no server's clock can stamp a signal into
 * a window another server built already.
 */
export const DB_NOW_ISO = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"

/** DB_NOW_MS for drizzle's query builder. */
export const dbNowMs = sql.raw(DB_NOW_MS)
