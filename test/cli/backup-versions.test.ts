import { afterAll, afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import { migrations } from '../../drizzle/migrations'
import { releaseOurConnections } from '../support/release-connections'
import { ok, query, runCli, type Workspace, MANY_PROCESSES_MS, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

// Each test begins on its own copy of a database holding team acme, made by one `team create` for the file.
const copies = withTeam('acme')
afterAll(() => copies.cleanup())
let ws: Workspace
beforeEach(async () => {
  ws = await copies.make()
})
afterEach(() => ws.cleanup())

const LATEST = migrations[migrations.length - 1]

/** What a newer executable leaves: one more migration than this one knows, made a day after its newest. */
async function migratedByANewerVersion() {
  await query(ws, 'INSERT INTO "__drizzle_migrations" (hash, created_at) VALUES (?, ?)', [
    'newer',
    LATEST.when + 86_400_000,
  ])
}

// docs/operations.md#upgrades: an older executable keeps serving a database a newer one migrated; its backups must
// go on being written, since the data is still being changed (only restoring it takes the newer executable).
describe('backup of a database a newer version migrated', () => {
  test('is written and checked, not refused as unusable: only restore needs the newer version', async () => {
    await migratedByANewerVersion()
    const made = await runCli(ws, ['backup', '--to', 'newer-backup.db'])
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    expect(made.stdout).toMatch(/^backup written: newer-backup\.db \(\d+ bytes, integrity_check ok\)\n/)
    const copy = new Database(join(ws.dir, 'newer-backup.db'), { readonly: true })
    expect(copy.prepare('SELECT name FROM teams').all()).toEqual([{ name: 'acme' }])
    copy.close()
    expect(readdirSync(ws.dir).filter((f) => f.includes('partial'))).toEqual([])

    // This executable cannot restore it, and says so; nothing is changed.
    const restored = await runCli(ws, ['restore', '--from', 'newer-backup.db'])
    expect(restored.code).toBe(2)
    expect(restored.stderr).toContain('it was written by a newer version of lead-signals')
    expect(existsSync(join(ws.dir, 'newer-backup.db'))).toBe(true)
  })
})

// docs/operations.md#upgrades: every build calls itself 0.1.0, so a refusal names the schemas, as --version does: the
// database's by its number (this executable cannot know the newer migration's name), and this executable's in full.
describe('a refusal of a database or backup a newer version migrated names both schemas', () => {
  test('migrate and restore say the database is at schema 0034 and this executable at 0033_bluesky_accounts', async () => {
    await migratedByANewerVersion()
    await ok(ws, ['backup', '--to', 'newer-backup.db'])
    const versions = `database schema ${String(migrations.length).padStart(4, '0')}; this executable's is ${LATEST.tag}`
    expect(versions).toBe("database schema 0034; this executable's is 0033_bluesky_accounts")
    const migrated = await runCli(ws, ['migrate'])
    expect(migrated.code).toBe(1)
    expect(migrated.stderr).toContain(`newer version of lead-signals (${versions})`)
    const restored = await runCli(ws, ['restore', '--from', 'newer-backup.db'])
    expect(restored.code).toBe(2)
    expect(restored.stderr).toContain(`newer version of lead-signals (${versions})`)
  })
})

// docs/operations.md#backups-and-restore: "a backup from an older version is fine: the next start applies the
// migrations this version adds".
describe('a backup an older version wrote', () => {
  test('restores, and the next start (here migrate) applies what this version adds', async () => {
    await ok(ws, ['backup', '--to', 'older.db'])
    // As the version before this one left it: without this version's newest migration (0033 adds the column that
    // holds a person's account id to people, and its index).
    const older = new Database(join(ws.dir, 'older.db'))
    older.prepare('DELETE FROM "__drizzle_migrations" WHERE created_at = ?').run(LATEST.when)
    older.prepare('DROP INDEX people_account_idx').run()
    older.prepare('ALTER TABLE people DROP COLUMN account_id').run()
    older.close()
    await ok(ws, ['team', 'create', '--name', 'later', '--plan', 'growth'])
    await releaseOurConnections(ws.dbUrl)

    expect(await ok(ws, ['restore', '--from', 'older.db'])).toContain('database restored')
    expect(await ok(ws, ['migrate'])).toBe(`applied 1 migration: ${LATEST.tag}\n`)
    expect((await query(ws, 'SELECT name FROM teams')).map((r) => r.name)).toEqual(['acme'])
    expect(await query(ws, 'SELECT max(created_at) AS newest FROM "__drizzle_migrations"')).toEqual([
      { newest: LATEST.when },
    ])
  })
})
