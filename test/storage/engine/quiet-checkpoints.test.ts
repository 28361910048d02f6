// docs/performance.md#quiet-checkpoints: the log is checkpointed after every so many frames of quiet writes.
import { afterEach, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { endianness, tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { openCommitWatch } from '../../../src/storage/engine/commit-watch'
import { createLocalClient } from '../../../src/storage/engine/local-client'
import { quietCheckpoints } from '../../../src/storage/engine/quiet-checkpoints'
import { quietWrite } from '../../../src/storage/engine/quiet-writes'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

// The frames in the log, as the WAL-index header in the -shm file says (mxFrame, at byte 16).
function framesInLog(path: string) {
  const shm = readFileSync(`${path}-shm`)
  return endianness() === 'LE' ? shm.readUInt32LE(16) : shm.readUInt32BE(16)
}

const QUIET = quietWrite('UPDATE c SET n = n + 1')

async function walClient(every: number) {
  const dir = mkdtempSync(join(tmpdir(), 'ls-qc-'))
  dirs.push(dir)
  const path = join(dir, 'x.db')
  const commits = openCommitWatch(path)
  const client = createLocalClient(path, { lockWaitMs: 100, commits, quietFramesPerCheckpoint: every })
  await client.execute('PRAGMA journal_mode = WAL')
  await client.execute('PRAGMA wal_autocheckpoint = 100000')
  await client.batch(['CREATE TABLE c (n integer, m integer)', 'INSERT INTO c VALUES (0, 0)'], 'write')
  commits.epoch()
  return { path, client, commits }
}

describe('checkpoints after quiet writes', () => {
  test('after every 10 frames of quiet commits the log is checkpointed, and the next commit starts it over', async () => {
    const { path, client, commits } = await walClient(10)
    const start = framesInLog(path)
    const epoch = commits.epoch()
    // One page changed a commit: one frame each. Nine keep the log growing and the epoch where it was.
    for (let i = 0; i < 9; i++) await client.batch([QUIET, QUIET], 'write')
    expect(framesInLog(path)).toBe(start + 9)
    expect(commits.epoch()).toBe(epoch)
    // The tenth reaches 10 frames: checkpointed after its commit. The one after it writes at the log's start.
    await client.batch([QUIET, QUIET], 'write')
    expect(framesInLog(path)).toBe(start + 10)
    await client.batch([QUIET, QUIET], 'write')
    expect(framesInLog(path)).toBe(1)
    expect((await client.execute('SELECT n FROM c')).rows[0].n).toBe(22)
    // Neither the checkpoint nor starting the log over is another commit: remembered lookups stay true.
    expect(commits.epoch()).toBe(epoch)
    client.close()
  })

  test('frames of other writes do not count, and a log mostly of them is left to wal_autocheckpoint', async () => {
    const { path, client } = await walClient(10)
    const start = framesInLog(path)
    for (let i = 0; i < 25; i++) await client.execute('UPDATE c SET m = m + 1')
    expect(framesInLog(path)).toBe(start + 25)
    // Ten quiet frames, but the log holds more than twice that: no checkpoint, the log keeps growing.
    for (let i = 0; i < 10; i++) await client.batch([QUIET, QUIET], 'write')
    await client.execute('UPDATE c SET m = m + 1')
    expect(framesInLog(path)).toBe(start + 36)
    // Once another connection's checkpoint has started the log over, the count kept checkpoints at the next quiet
    // commit, and the commit after it starts the log over again.
    const other = new Database(path)
    other.exec('PRAGMA wal_checkpoint(RESTART)')
    other.close()
    await client.batch([QUIET, QUIET], 'write')
    await client.batch([QUIET, QUIET], 'write')
    expect(framesInLog(path)).toBe(1)
    expect((await client.execute('SELECT n, m FROM c')).rows[0]).toMatchObject({ n: 24, m: 26 })
    client.close()
  })

  test('a checkpoint that fails leaves the write alone and is tried again after the next frames', () => {
    const tried: string[] = []
    const after = quietCheckpoints((sql) => {
      tried.push(sql)
      throw new Error('SQLITE_BUSY')
    }, 5)
    after({ added: 3, inLog: 3 })
    expect(tried).toEqual([])
    expect(() => after({ added: 2, inLog: 5 })).not.toThrow()
    expect(tried).toEqual(['PRAGMA wal_checkpoint(PASSIVE)'])
    after({ added: 4, inLog: 9 })
    expect(tried).toHaveLength(1)
    // Five more, but the log is over twice five: put off, and done once the log is short.
    after({ added: 1, inLog: 11 })
    expect(tried).toHaveLength(1)
    after({ added: 1, inLog: 1 })
    expect(tried).toHaveLength(2)
  })
})
