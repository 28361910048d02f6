// docs/performance.md#cached-keys: a key's lookup is remembered only while nothing is committed anywhere.
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Client } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import Database from 'libsql'
import { hashApiKey } from '../../../src/domain/keys/api-key'
import { createApiKeysRepo } from '../../../src/storage/repos/api-keys'
import * as schema from '../../../src/storage/schema'
import { seedTeam, testDeps } from '../../support/deps'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

/** A seeded database file, and a keys repo over its client that counts the statements it runs. */
async function seededFile(url?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ls-keys-'))
  dirs.push(dir)
  const path = join(dir, 'x.db')
  const { deps } = await testDeps({ config: { database: { url: url ?? `file:${path}` } } })
  const { apiKey, team } = await seedTeam(deps)
  const { client, commits } = deps.database
  let statements = 0
  const counting = new Proxy(client, {
    get: (target, prop) =>
      prop === 'execute'
        ? (...args: Parameters<Client['execute']>) => {
            statements++
            return target.execute(...args)
          }
        : Reflect.get(target, prop),
  })
  const repo = createApiKeysRepo(drizzle(counting, { schema }), commits)
  return { deps, path, repo, hash: hashApiKey(apiKey), teamId: team.id, statements: () => statements }
}

describe('remembered key lookups', () => {
  test('answer from memory while nothing is committed, and look again after a commit of another process', async () => {
    const s = await seededFile()
    const first = await s.repo.findByHash(s.hash)
    expect(first?.key.revokedAt).toBeNull()
    expect(await s.repo.findByHash(s.hash)).toBe(first)
    expect(s.statements()).toBe(1)

    // Another connection (as another process would) revokes the key and moves the team's counters.
    const other = new Database(s.path)
    other.prepare('UPDATE api_keys SET revoked_at = ? WHERE hash = ?').run(['2026-11-15T12:00:00.000Z', s.hash])
    other.prepare('UPDATE teams SET quota_used = quota_used + 5 WHERE id = ?').run([s.teamId])
    other.close()
    const after = await s.repo.findByHash(s.hash)
    expect(after?.key.revokedAt).toBe('2026-11-15T12:00:00.000Z')
    expect(after?.team.quotaUsed).toBe((first?.team.quotaUsed ?? 0) + 5)
    expect(s.statements()).toBe(2)
    s.deps.database.client.close()
  })

  test("look again after this process's own commits", async () => {
    const s = await seededFile()
    const first = await s.repo.findByHash(s.hash)
    await s.deps.repos.teams.update(s.teamId, { credits: 42 })
    const after = await s.repo.findByHash(s.hash)
    expect(after).not.toBe(first)
    expect(after?.team.credits).toBe(42)
    expect(s.statements()).toBe(2)
    s.deps.database.client.close()
  })

  test('are shared, so frozen; an unknown key is looked up every time; in memory nothing is remembered', async () => {
    const s = await seededFile()
    const found = await s.repo.findByHash(s.hash)
    expect(() => {
      ;(found!.team as { credits: number }).credits = 1
    }).toThrow()
    expect(await s.repo.findByHash('0'.repeat(64))).toBeUndefined()
    expect(await s.repo.findByHash('0'.repeat(64))).toBeUndefined()
    expect(s.statements()).toBe(3)
    s.deps.database.client.close()

    const memory = await seededFile(':memory:')
    expect(memory.deps.database.commits).toBeUndefined()
    await memory.repo.findByHash(memory.hash)
    await memory.repo.findByHash(memory.hash)
    expect(memory.statements()).toBe(2)
  })
})
