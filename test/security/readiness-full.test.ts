// docs/api.md#health: /readyz fails when the database cannot grow, as counted calls do then, even though a row that
// still fits can be rewritten. The database file is held at its size with SQLite's max_page_count, which fails a
// write that needs another page exactly as a full disk does (SQLITE_FULL).
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

async function fileWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'ls-full-'))
  dirs.push(dir)
  const { deps } = await testDeps({ config: { database: { url: `file:${join(dir, 'x.db')}` } } })
  const { apiKey } = await seedTeam(deps)
  return { deps, apiKey, call: client(deps) }
}

describe('readiness and a database that cannot grow', () => {
  test('/readyz is 503 "disk full" once nothing can be added, and 200 again when room returns', async () => {
    const { deps, call } = await fileWorld()
    expect((await call('GET', '/readyz')).status).toBe(200)
    const db = deps.database.client
    await db.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    await db.execute('VACUUM')
    const pages = Number((await db.execute('PRAGMA page_count')).rows[0][0])
    await db.execute(`PRAGMA max_page_count = ${pages}`)
    // A row that still fits can be rewritten: the check of old passed here.
    await db.batch(['UPDATE teams SET name = name'], 'write')
    const full = await call('GET', '/readyz')
    expect(full.status).toBe(503)
    expect(full.body.status).toBe('not_ready')
    expect(full.body.reason).toMatch(/full/i)
    // Nothing of the probe stayed behind.
    await db.execute(`PRAGMA max_page_count = ${pages + 1000}`)
    expect((await db.execute('SELECT count(*) FROM readiness_probe')).rows[0][0]).toBe(0)
    expect((await call('GET', '/readyz')).status).toBe(200)
    expect((await db.execute('SELECT count(*) FROM readiness_probe')).rows[0][0]).toBe(0)
  })
})
