import type { Client } from '@libsql/client'
import { migrations } from '../../drizzle/migrations'
import { sha256Hex } from '../lib/hash'
import { unanswered } from './engine/write-deadline'

const LATEST = migrations[migrations.length - 1].when

/**
 * The newest migration this build carries: every build is 0.1.0, so `--version` names it (docs/operations.md#upgrades).
 */
export const SCHEMA = migrations[migrations.length - 1].tag

/**
 * Applies the embedded migrations with drizzle's own bookkeeping (same table, sha256 and `when`), so a database
 * migrated by drizzle-kit and one migrated by the executable agree. Returns the tags applied.
 */
export async function migrate(client: Client): Promise<string[]> {
  await client.execute(
    'CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)',
  )
  const lastWhen = await lastApplied(client)
  const pending = migrations.filter((m) => m.when > lastWhen)
  if (pending.length === 0) return []
  // One transaction with foreign keys off, as drizzle does, so a table rebuild cannot cascade.
  try {
    await client.migrate(migrationStatements(pending))
  } catch (err) {
    // A server that stopped answering (docs/operations.md#a-database-that-does-not-answer-at-start) would not answer
    // the look below either: its line is the command's.
    if (unanswered(err)) throw err
    // Several executables starting at once on one database (docs/operations.md#upgrades): another one's transaction
    // applied the same migrations first, so ours failed on a table that now exists. Being current is all we need.
    const now = await lastApplied(client)
    if (now >= pending[pending.length - 1].when) return []
    // An older executable among them applied only part of ours: what is left is ours to apply.
    if (now > lastWhen) return migrate(client)
    throw err
  }
  return pending.map((m) => m.tag)
}

/** The migration before `tag` in this build, undefined for the first (a new database's) or one it does not carry. */
export const tagBefore = (tag: string): string | undefined =>
  migrations[migrations.findIndex((m) => m.tag === tag) - 1]?.tag

/** The statements of `pending`, each followed by its row in drizzle's bookkeeping. */
export const migrationStatements = (pending: typeof migrations) =>
  pending.flatMap((m) => [
    ...m.sql
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter(Boolean),
    {
      sql: 'INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)',
      args: [sha256Hex(m.sql), m.when],
    },
  ])

/** Whether the database has exactly the migrations of this build, fewer, or one from a newer build. */
export async function migrationState(client: Client): Promise<'current' | 'pending' | 'ahead'> {
  const last = await lastApplied(client)
  return last < LATEST ? 'pending' : last > LATEST ? 'ahead' : 'current'
}

/**
 * The database's schema beside this executable's, for a refusal of a newer one: numbered as `--version` names its own
 * (every build is 0.1.0), the database's by its count of migrations, since only a newer build knows that one's name.
 */
export const schemasNamed = (applied: number) =>
  `database schema ${String(applied - 1).padStart(4, '0')}; this executable's is ${SCHEMA}`

/** schemasNamed() of the database `client` opens. */
export async function schemasOf(client: Client): Promise<string> {
  const rs = await client.execute('SELECT count(*) AS n FROM "__drizzle_migrations"')
  return schemasNamed(Number(rs.rows[0].n))
}

async function lastApplied(client: Client): Promise<number> {
  const last = await client.execute('SELECT created_at FROM "__drizzle_migrations" ORDER BY created_at DESC LIMIT 1')
  return last.rows.length ? Number(last.rows[0].created_at) : -1
}
