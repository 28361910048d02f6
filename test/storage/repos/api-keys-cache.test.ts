// docs/performance.md#cached-keys: a key's lookup is remembered only while nothing is committed anywhere.
import { describe, expect, test } from 'bun:test'
import { drizzle } from 'drizzle-orm/libsql'
import Database from 'libsql'
import { createGroupCommit } from '../../../src/storage/engine/group-commit'
import { createApiKeysRepo } from '../../../src/storage/repos/api-keys'
import { createUsageRepo } from '../../../src/storage/repos/usage'
import * as schema from '../../../src/storage/schema'
import { countedFile } from '../../support/counted-file'
import { holdWindowOf, takeUnit } from '../../../src/domain/quota/order'

/** The seeded file, and a keys repo over its client that counts the statements it runs. */
async function seededFile(url?: string) {
  const s = await countedFile(url)
  return { ...s, repo: createApiKeysRepo(drizzle(s.counting, { schema }), s.deps.database.commits) }
}

describe('remembered key lookups', () => {
  test('answer from memory while nothing is committed, and look again after a commit of another process', async () => {
    const s = await seededFile()
    const first = await s.repo.findByHash(s.hash)
    expect(first?.key.revokedAt).toBeNull()
    expect(await s.repo.findByHash(s.hash)).toEqual(first!)
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
    expect(first?.team.credits).not.toBe(42)
    expect(after?.team.credits).toBe(42)
    expect(s.statements()).toBe(2)
    s.deps.database.client.close()
  })

  test("stay through this process's own charges, which update the team's counters, and go with its revocation", async () => {
    const s = await seededFile()
    const usage = createUsageRepo(
      s.deps.database.client,
      createGroupCommit(s.deps.database.client),
      s.repo.countersTaken,
    )
    const first = await s.repo.findByHash(s.hash)
    const month = first!.team.usageMonth
    const taken = [
      await takeUnit(usage, s.teamId, month, null, new Date()),
      await takeUnit(usage, s.teamId, month, null, new Date()),
    ]
    expect(taken.map((r) => r?.counters.quotaUsed)).toEqual([first!.team.quotaUsed + 1, first!.team.quotaUsed + 2])
    // The second unit is counted in memory until its write (unlimited-takes.ts), which, quiet too, updates the row.
    expect((await s.repo.findByHash(s.hash))?.team.quotaUsed).toBe(first!.team.quotaUsed + 1)
    await usage.flush()
    const after = await s.repo.findByHash(s.hash)
    expect(after?.team.quotaUsed).toBe(first!.team.quotaUsed + 2)
    expect(s.statements()).toBe(1)
    // What the charges left is what the database holds.
    const stored = await s.deps.database.client.execute({
      sql: 'SELECT quota_used FROM teams WHERE id = ?',
      args: [s.teamId],
    })
    expect(Number(stored.rows[0].quota_used)).toBe(after!.team.quotaUsed)

    // A revocation by this process is not a quiet write.
    const [{ prefix }] = await s.deps.repos.apiKeys.listForTeam(s.teamId)
    expect(await s.deps.repos.apiKeys.revoke(s.teamId, prefix, '2026-11-15T12:00:00.000Z')).toBe(true)
    expect((await s.repo.findByHash(s.hash))?.key.revokedAt).toBe('2026-11-15T12:00:00.000Z')
    expect(s.statements()).toBe(2)
    s.deps.database.client.close()
  })

  // A limited plan's unit is held, and its take writes a receipt naming this process
  // (docs/api.md#reserve-and-give-back): the receipt, its renewal and its deletion change nothing a lookup holds, so
  // they are quiet writes too.
  test("stay through a limited plan's charges: the take with its receipt, the hold's move and the keep", async () => {
    const s = await seededFile()
    const client = s.deps.database.client
    const usage = createUsageRepo(client, createGroupCommit(client), s.repo.countersTaken, 'this-process')
    const receipts = async () => Number((await client.execute('SELECT count(*) AS n FROM take_receipts')).rows[0].n)
    const first = await s.repo.findByHash(s.hash)
    const at = new Date()
    const r = await takeUnit(usage, s.teamId, first!.team.usageMonth, 1000, at)
    expect(r?.counters.quotaUsed).toBe(first!.team.quotaUsed + 1)
    expect(await receipts()).toBe(1)
    await usage.renew(r!, holdWindowOf(at) + 1)
    expect((await s.repo.findByHash(s.hash))?.team.quotaUsed).toBe(first!.team.quotaUsed + 1)
    expect(await usage.keep(r!)).toBe(true)
    // Writes the hold's end and the receipt's deletion, which follow the keep unawaited.
    await usage.giveBackAll()
    expect(await receipts()).toBe(0)
    expect((await s.repo.findByHash(s.hash))?.team.quotaUsed).toBe(first!.team.quotaUsed + 1)
    expect(s.statements()).toBe(1)
    client.close()
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
