// docs/performance.md#signal-rows: a team's signals version is remembered while nothing but quiet writes is committed.
import { describe, expect, test } from 'bun:test'
import { drizzle } from 'drizzle-orm/libsql'
import Database from 'libsql'
import { versionReader } from '../../../../src/storage/repos/signals/version'
import * as schema from '../../../../src/storage/schema'
import { countedFile } from '../../../support/counted-file'
import { signalRow } from '../../../support/webhooks'

describe("a team's signals version", () => {
  test('on a file, is read once while nothing is committed, and again after a commit of any process', async () => {
    const s = await countedFile()
    const version = versionReader(drizzle(s.counting, { schema }), s.deps.database.commits)
    const first = await version(s.teamId)
    expect(await version(s.teamId)).toBe(first)
    expect(s.statements()).toBe(1)

    // Another process stores signals: the version it wrote is read at once.
    const other = new Database(s.path)
    other.prepare('UPDATE teams SET signals_version = signals_version + 1 WHERE id = ?').run([s.teamId])
    other.close()
    expect(await version(s.teamId)).toBe(first + 1)
    expect(s.statements()).toBe(2)

    // So does this process's own: a stored signal.
    expect(await s.deps.repos.signals.insertMany(s.teamId, [signalRow(s.teamId)])).toBe(1)
    expect(await version(s.teamId)).toBe(first + 2)
    expect(await version('team_unknown')).toBe(0)
    expect(s.statements()).toBe(4)
    s.deps.database.client.close()
  })

  test('in memory, is read every time', async () => {
    const s = await countedFile(':memory:')
    const version = versionReader(drizzle(s.counting, { schema }), s.deps.database.commits)
    for (let i = 0; i < 3; i++) expect(await version(s.teamId)).toBe(await version(s.teamId))
    expect(s.statements()).toBe(6)
  })
})
