import type { InStatement } from '@libsql/client'
import { copyFileSync } from 'node:fs'
import { openDatabase } from '../../src/storage/db'
import type { Database } from '../../src/storage/engine/types'
import { migrate } from '../../src/storage/migrate'

/**
 * Each test begins on a database at the newest migration. Applying all the migrations (table rebuilds among them) to
 * every database a test asked for cost 24-38 ms of CPU in memory and 29-43 ms in a file; so a test process migrates
 * one database once and every later one begins as a copy of it, for 7-12 and 4-8 ms
 * (docs/performance.md#databases-copied-not-migrated-2026-12-06-night). buildDeps still runs migrate() on each copy,
 * which finds nothing pending; test/storage/migrated-copy.test.ts checks that a copy is the migrated database. On sqld
 * a namespace is created and migrated for each test, as before: a fork of a migrated one saved nothing measurable.
 */

/** The migrated database written out: its schema as SQL, and its rows (drizzle's bookkeeping) as inserts. */
type Dump = { schema: string; rows: InStatement[] }

let dump: Promise<Dump> | undefined

/** A new in-memory database holding what migrating a new one leaves, without running the migrations again. */
export async function migratedMemoryDatabase(): Promise<Database> {
  dump ??= dumpOfMigrated()
  const { schema, rows } = await dump
  const database = await openDatabase({ url: ':memory:' })
  await database.client.executeMultiple(schema)
  if (rows.length) await database.client.batch(rows, 'write')
  return database
}

async function dumpOfMigrated(): Promise<Dump> {
  const { client } = await openDatabase({ url: ':memory:' })
  await migrate(client)
  // In creation order; SQLite makes its own objects (sqlite_sequence, the indexes of UNIQUE and PRIMARY KEY
  // constraints) itself as the tables that need them are created.
  const objects = await client.execute(
    "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid",
  )
  const tables = objects.rows.filter((o) => o.type === 'table').map((o) => String(o.name))
  const rows: InStatement[] = []
  for (const table of [...tables, 'sqlite_sequence']) {
    for (const row of (await client.execute(`SELECT * FROM "${table}"`)).rows) {
      const args = Array.from(row)
      rows.push({ sql: `INSERT INTO "${table}" VALUES (${args.map(() => '?').join(', ')})`, args })
    }
  }
  client.close()
  return { schema: objects.rows.map((o) => `${o.sql};`).join('\n'), rows }
}

const templates = new Map<string, Promise<void>>()

/**
 * Copies a database file migrated once per test process (`template`, made on first use) to `path`. The template's log
 * is written into the file and emptied, and its only connection closed, before the first copy.
 */
export async function copyMigratedFile(template: string, path: string): Promise<void> {
  if (!templates.has(template)) templates.set(template, migrateFile(template))
  await templates.get(template)
  copyFileSync(template, path)
}

async function migrateFile(path: string) {
  const { client } = await openDatabase({ url: `file:${path}` })
  await migrate(client)
  // Everything into the database file: the copies are of the file alone (the engine leaves its log behind on close).
  await client.execute('PRAGMA wal_checkpoint(TRUNCATE)')
  client.close()
}

/** Forgets a template file (its folder is being removed): a later copy from that path makes it again. */
export function forgetMigratedFile(template: string) {
  templates.delete(template)
}
