import type { Client } from '@libsql/client'
import { expect, test } from 'bun:test'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../src/storage/db'
import { migrate, migrationState } from '../../src/storage/migrate'
import { copyMigratedFile, migratedMemoryDatabase } from '../support/migrated-copy'
import { tempDir } from '../support/temp-dirs'

// The tests' databases begin as copies of one migrated once (test/support/migrated-copy.ts): a copy must be what
// migrating a new database leaves, object for object and row for row, or every test would run on another schema.

/** Every object of the database (SQLite's own included) and every row of every table. */
async function contents(client: Client) {
  const objects = await client.execute('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')
  const rows: Record<string, unknown[][]> = {}
  for (const o of objects.rows.filter((o) => o.type === 'table')) {
    const all = await client.execute(`SELECT * FROM "${o.name}" ORDER BY rowid`)
    rows[String(o.name)] = all.rows.map((r) => Array.from(r))
  }
  const pragmas = await client.execute('SELECT * FROM pragma_user_version, pragma_application_id')
  return { objects: objects.rows.map((r) => Array.from(r)), rows, pragmas: Array.from(pragmas.rows[0]) }
}

async function migratedAnew(url: string) {
  const { client } = await openDatabase({ url })
  await migrate(client)
  return client
}

test('an in-memory copy holds what the migrations leave, and nothing is left to migrate on it', async () => {
  const migrated = await migratedAnew(':memory:')
  const copy = (await migratedMemoryDatabase()).client
  const made = await contents(migrated)
  expect(made.objects.length).toBeGreaterThan(60)
  expect(made.rows.__drizzle_migrations.length).toBeGreaterThan(20)
  expect(await contents(copy)).toEqual(made)
  expect(await migrate(copy)).toEqual([])
  expect(await migrationState(copy)).toBe('current')
  migrated.close()
  copy.close()
})

test('a file copy holds what the migrations leave: the template keeps nothing in its log', async () => {
  const dir = tempDir('ls-migrated-copy-')
  const migrated = await migratedAnew(`file:${join(dir, 'anew.db')}`)
  const template = join(dir, 'template.db')
  await copyMigratedFile(template, join(dir, 'copy.db'))
  await copyMigratedFile(template, join(dir, 'second.db'))
  expect(existsSync(`${template}-wal`) ? statSync(`${template}-wal`).size : 0).toBe(0)
  for (const name of ['copy.db', 'second.db']) {
    const { client } = await openDatabase({ url: `file:${join(dir, name)}` })
    expect(await contents(client)).toEqual(await contents(migrated))
    expect(await migrate(client)).toEqual([])
    client.close()
  }
  migrated.close()
})
