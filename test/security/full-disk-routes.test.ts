// With the disk full, the routes that store something without a key answer 503 (storage_unavailable, or OAuth's
// temporarily_unavailable at registration), never 500 (docs/api.md#error-codes). The file is held at its size with
// max_page_count (SQLITE_FULL, as a full disk).
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from '../support/deps'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('a full disk on the routes without a key', () => {
  test('POST /oauth/register answers 503 temporarily_unavailable, POST /console/api/session storage_unavailable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-full-'))
    dirs.push(dir)
    const { deps } = await testDeps({ config: { database: { url: `file:${join(dir, 'x.db')}` } } })
    await seedTeam(deps, { name: 'acme' })
    await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
    const db = deps.database.client
    await db.execute('PRAGMA wal_checkpoint(TRUNCATE)')
    await db.execute('VACUUM')
    await db.execute(`PRAGMA max_page_count = ${Number((await db.execute('PRAGMA page_count')).rows[0][0])}`)
    const app = createApp(deps)
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      app.handle(
        new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      )
    const many = Array.from({ length: 5 }, (_, i) => `https://client.example/cb/${i}/${'x'.repeat(480)}`)
    let refused = false
    for (let i = 0; i < 60; i++) {
      const r = await post('/oauth/register', { redirect_uris: many, client_name: `c${i}` })
      if (r.status === 201) continue
      // In OAuth's error shape, as every answer of this endpoint (docs/oauth.md#endpoints).
      expect(r.status).toBe(503)
      expect(r.headers.get('access-control-allow-origin')).toBe('*')
      expect(((await r.json()) as { error: string }).error).toBe('temporarily_unavailable')
      refused = true
      break
    }
    expect(refused).toBe(true)
    // Fill what room is left in the last pages, so that even a small row cannot be added.
    for (let i = 0; i < 20_000; i++) {
      const added = await db.execute('INSERT INTO sign_in_failures (subject, at) VALUES (?, 0)', [`filler ${i}`]).then(
        () => true,
        () => false,
      )
      if (!added) break
    }
    const signIn = await post(
      '/console/api/session',
      { email: 'ann@acme.test', password: 'wrong' },
      { 'sec-fetch-site': 'same-origin' },
    )
    expect(signIn.status).toBe(503)
    expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe('storage_unavailable')
  })
})
