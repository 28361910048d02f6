// docs/performance.md#the-polling-writer: a polling pass's outcomes stored from a thread of its own.
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { LibsqlError } from '@libsql/client'
import Database from 'libsql'
import type { Deps } from '../../src/deps'
import type { NewSignal } from '../../src/storage/repos/signals'
import { openPollingWriter } from '../../src/storage/polling-writer/writer'
import { seedTeam, testDeps } from '../support/deps'
import { rowsOfTheFileAlone } from '../support/file-alone'
import { signalRow, signalsOutcome } from '../support/webhooks'

const dir = mkdtempSync(join(tmpdir(), 'ls-writer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let made = 0

/** A database file with a team, and a writer on it. */
async function world() {
  const path = join(dir, `w${++made}.db`)
  const { deps } = await testDeps({ config: { database: { url: `file:${path}` } } })
  const { team } = await seedTeam(deps)
  return { deps, path, teamId: team.id, writer: openPollingWriter(path) }
}

/** A page's outcome: its signals and the cursor of `keyword` on Hacker News. */
const outcome = (deps: Deps, signals: NewSignal[], keyword = 'crm') =>
  signalsOutcome(deps, signals, {
    platform: 'hackernews',
    keywordLc: keyword,
    newestAt: null,
    newestIds: [],
    polledAt: '2026-11-15T12:00:00.000Z',
  })

const rows = async (deps: Deps, sql: string) => {
  const rs = await deps.database.client.execute(sql)
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}

describe('the polling writer', () => {
  test('stores each outcome in the database file and answers with the signals it created', async () => {
    const { deps, teamId, writer } = await world()
    const first = signalRow(teamId, { postId: 'hackernews:1' })
    const [a, b] = await Promise.all([
      writer.store(outcome(deps, [first, signalRow(teamId, { postId: 'hackernews:2' })], 'crm')),
      // The same post again (the team has it: skipped), and one on another platform.
      writer.store(
        outcome(
          deps,
          [
            signalRow(teamId, { postId: 'hackernews:1' }),
            signalRow(teamId, { platform: 'reddit', postId: 'reddit:9' }),
          ],
          'invoicing',
        ),
      ),
    ])
    expect(a).toEqual(['hackernews', 'hackernews'])
    expect(b).toEqual(['reddit'])
    await writer.close()
    expect(await rows(deps, 'select id, post_id from signals order by post_id')).toEqual([
      { id: first.id, post_id: 'hackernews:1' },
      { id: expect.any(String), post_id: 'hackernews:2' },
      { id: expect.any(String), post_id: 'reddit:9' },
    ])
    expect(
      (await rows(deps, 'select keyword_lc from poll_cursors order by keyword_lc')).map((r) => r.keyword_lc),
    ).toEqual(['crm', 'invoicing'])
    // The team's cached pages are keyed by this version: one step each.
    expect(await rows(deps, 'select signals_version from teams')).toEqual([{ signals_version: 2 }])
  })

  test('outcomes that arrive while a transaction waits go together in the next one: all of it is written or none', async () => {
    // The first outcome is given 100 ms to reach the writer's transaction before the other two come. On a loaded host
    // the thread can take longer to pick it up: then all three go in one transaction, which the refused row breaks,
    // and the try is made again; four such tries in a row fail the test.
    for (let attempt = 1; ; attempt++) {
      const { deps, path, teamId, writer } = await world()
      // The thread is up and its connection open before the lock is taken.
      expect(await writer.store(outcome(deps, []))).toEqual([])
      // Another connection holds the write lock, as another process's import would.
      const other = new Database(path)
      other.exec('BEGIN IMMEDIATE')
      const first = writer.store(outcome(deps, [signalRow(teamId, { postId: 'hackernews:1' })]))
      await Bun.sleep(100) // the writer now waits for the lock with the first outcome
      const good = writer.store(outcome(deps, [signalRow(teamId, { postId: 'hackernews:2' })]))
      // A row the table refuses (no intent): a signal of a removed team no longer breaks one, it is left out.
      const bad = writer.store(outcome(deps, [signalRow(teamId, { postId: 'hackernews:3', intent: null as never })]))
      await Bun.sleep(100)
      other.exec('COMMIT')
      other.close()
      const written = await first.then(
        (created) => ({ created }),
        (error) => ({ error }),
      )
      if ('created' in written) {
        expect(written.created).toEqual(['hackernews'])
        return afterFirst(deps, teamId, writer, good, bad)
      }
      // All three together: refused as one, nothing written.
      expect(written.error).toBeInstanceOf(LibsqlError)
      expect(written.error.code).toBe('SQLITE_CONSTRAINT')
      await Promise.allSettled([good, bad])
      expect(await rows(deps, 'select post_id from signals')).toEqual([])
      await writer.close()
      if (attempt === 4) throw new Error('the first outcome went in with the next two 4 times running')
    }
  })

  /** The rest of the test above, once the first outcome was written alone. */
  async function afterFirst(
    deps: Deps,
    teamId: string,
    writer: ReturnType<typeof openPollingWriter>,
    good: Promise<string[]>,
    bad: Promise<string[]>,
  ) {
    // The refused row breaks its transaction, and the outcome beside it goes with it.
    for (const p of [good, bad]) {
      const e = await p.catch((err) => err)
      expect(e).toBeInstanceOf(LibsqlError)
      expect(e.code).toBe('SQLITE_CONSTRAINT')
    }
    expect((await rows(deps, 'select post_id from signals')).map((r) => r.post_id)).toEqual(['hackernews:1'])
    // The writer goes on after a failed transaction.
    expect(await writer.store(outcome(deps, [signalRow(teamId, { postId: 'hackernews:2' })]))).toEqual(['hackernews'])
    await writer.close()
  }

  test("a page's keys reach the queue whole: scored pairs leave it, failed ones count an attempt", async () => {
    const { deps, teamId, writer } = await world()
    // Ids as a platform may send them, separators and an empty one included.
    const ids = ['hackernews:1', 'a\tb', 'c\nd', '']
    const queued = ids.map((postId) => ({
      teamId,
      platform: 'hackernews',
      postId,
      keyword: 'crm',
      mention: {},
      attempts: 0,
    }))
    await writer.store({ ...outcome(deps, []), queue: queued })
    const key = (postId: string) => ({ teamId, platform: 'hackernews', postId })
    await writer.store({ ...outcome(deps, []), scored: [key('hackernews:1'), key('c\nd')], failed: [key('a\tb')] })
    await writer.close()
    expect(await rows(deps, 'select post_id, attempts from pending_mentions order by post_id')).toEqual([
      { post_id: '', attempts: 0 },
      { post_id: 'a\tb', attempts: 1 },
    ])
  })

  test('close waits for what was sent, and the writer refuses more afterwards', async () => {
    const { deps, teamId, writer } = await world()
    const order: string[] = []
    const stored = writer.store(outcome(deps, [signalRow(teamId)])).then(() => order.push('stored'))
    await writer.close().then(() => order.push('closed'))
    await stored
    expect(order).toEqual(['stored', 'closed'])
    expect(await writer.store(outcome(deps, [signalRow(teamId)])).catch((e: Error) => e.message)).toBe(
      'the polling writer was closed',
    )
  })

  test('closing copies what it wrote back into the file and empties the log: no reader searches it afterwards', async () => {
    const { deps, path, teamId, writer } = await world()
    // The WAL index (the -shm file): the log's valid frames (mxFrame) in its header, and after its two copies of the
    // header, how many of them a checkpoint has copied back (nBackfill). The engine writes it in the machine's order.
    const log = () => {
      const shm = readFileSync(`${path}-shm`)
      return { frames: shm.readUInt32LE(16), copied: shm.readUInt32LE(96), bytes: statSync(`${path}-wal`).size }
    }
    for (let i = 0; i < 3; i++) await writer.store(outcome(deps, [signalRow(teamId, { postId: `hackernews:${i}` })]))
    const before = log()
    expect(before.frames).toBeGreaterThan(0)
    expect(before.copied).toBeLessThan(before.frames)
    await writer.close()
    expect(log()).toEqual({ frames: 0, copied: 0, bytes: 0 })
    // The database file alone holds the three signals.
    expect(rowsOfTheFileAlone(path, dir, 'select count(*) from signals').rows).toEqual([[3]])
  })

  test('a file it cannot open fails each store with the engine error, and close still ends it', async () => {
    const { deps, teamId } = await world()
    const writer = openPollingWriter(join(dir, 'no-such-dir', 'x.db'))
    const e = await writer.store(outcome(deps, [signalRow(teamId)])).catch((err) => err)
    expect(e).toBeInstanceOf(LibsqlError)
    expect(e.code).toBe('SQLITE_CANTOPEN')
    expect(e.message).not.toContain(dir)
    await writer.close()
  })
})
