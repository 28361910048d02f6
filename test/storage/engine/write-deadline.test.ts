import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import Database from 'libsql'
import { startSqld } from '../../../scripts/sqld'
import { AppError } from '../../../src/errors'
import { openRemoteClient } from '../../../src/storage/engine/remote-client'
import { writeInDoubt } from '../../../src/storage/engine/write-deadline'
import { silentProxy } from '../../support/silent-proxy'

// docs/operations.md#a-database-that-stops-answering-a-write, on a real sqld behind a relay that goes silent: a write
// the server took and never answered held every later write of the process for about 6 minutes (the runtime's
// fetch), since they are sent one at a time.
const server = await startSqld()
afterAll(() => server.stop())
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

// A write is late after 400 ms, and the server silent once a probe (SELECT 1) then goes unanswered for 2 s: on a
// loaded host (two cores, load average 16 to 27) sqld and the relay took longer than 400 ms to answer a probe, which
// then failed answered writes as silent (the test file failed 5 runs of 5, each test now and then).
const DEADLINE = { answerMs: 400, probeMs: 2000 }
/** What a write waits before it is given up as silent: one answerMs, then one probe. */
const SILENT_AFTER_MS = DEADLINE.answerMs + DEADLINE.probeMs

async function behindProxy(deadline: { answerMs: number; probeMs: number; stuckMs?: number } = DEADLINE) {
  const proxy = await silentProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) })
  cleanup.push(() => proxy.stop())
  const client = openRemoteClient({ url: proxy.url, authToken: '', lockWaitMs: 5000, deadline })
  cleanup.push(() => client.close())
  return { proxy, client }
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e,
  )

describe('a write the libSQL server never answers', () => {
  test('fails as storage_unavailable in doubt, the writes behind it fail at once unsent, and writes go on once the server answers', async () => {
    const { proxy, client } = await behindProxy()
    await client.execute('CREATE TABLE silent_writes (n INTEGER)')
    // A CREATE TABLE answered after answerMs on a loaded host left its probe out: the write below would join it and be
    // given up when that probe's 2 s end, before its own 2.4 s (7 runs of 20 beside three busy loops). It ends first.
    await Bun.sleep(DEADLINE.probeMs)
    proxy.silence()
    const started = performance.now()
    const [sent, behind] = await Promise.all([
      failure(client.execute('INSERT INTO silent_writes VALUES (1)')),
      failure(client.batch(['INSERT INTO silent_writes VALUES (2)'], 'write')),
    ])
    const waited = performance.now() - started
    expect(waited).toBeGreaterThanOrEqual(SILENT_AFTER_MS - 50)
    // Given up at its deadline, not after a second probe (another 2 s).
    expect(waited).toBeLessThan(SILENT_AFTER_MS + DEADLINE.probeMs)
    expect(sent).toBeInstanceOf(AppError)
    expect(sent).toMatchObject({ kind: 'storage_unavailable', extra: { reason: 'its server does not answer' } })
    // The time it waited, as measured: 2.4 s, or a little more when its timers ran late on a loaded host.
    const said = /went unanswered for (\d+(?:\.\d)?) s;/.exec((sent as Error).message)
    expect((sent as Error).message).toStartWith(
      `database.url: the libSQL server at ${new URL(proxy.url).host} stopped answering: a write went unanswered for ${said?.[1]} s;`,
    )
    expect(Number(said?.[1])).toBeGreaterThanOrEqual(SILENT_AFTER_MS / 1000)
    expect(Number(said?.[1])).toBeLessThanOrEqual(Math.round(waited / 100) / 10)
    expect(writeInDoubt(sent)).toBe(true)
    expect(behind).toMatchObject({ kind: 'storage_unavailable' })
    expect(writeInDoubt(behind)).toBe(false)
    // Still silent: a write fails at once rather than waiting its deadline again.
    const quick = performance.now()
    expect(await failure(client.execute('INSERT INTO silent_writes VALUES (3)'))).toMatchObject({
      kind: 'storage_unavailable',
    })
    expect(performance.now() - quick).toBeLessThan(DEADLINE.probeMs)

    proxy.restart()
    await Bun.sleep(DEADLINE.probeMs)
    await client.execute('INSERT INTO silent_writes VALUES (4)')
    const rows = await client.execute('SELECT n FROM silent_writes ORDER BY n')
    expect(rows.rows.map((r) => r.n)).toEqual([4])
  }, 20_000)

  test('one that takes longer than its deadline while the server still answers is waited for', async () => {
    const { client } = await behindProxy()
    await client.execute('CREATE TABLE slow_writes (n INTEGER)')
    // Another connection holds the write lock for longer than the deadline: sqld answers SQLITE_BUSY meanwhile, and
    // the client sends the write again until the lock is free.
    const holder = new Database(join(server.dir, 'data.sqld', 'dbs', 'default', 'data'))
    holder.exec('BEGIN IMMEDIATE')
    const write = client.execute('INSERT INTO slow_writes VALUES (1)')
    await Bun.sleep(3 * DEADLINE.answerMs)
    holder.exec('COMMIT')
    holder.close()
    await write
    expect((await client.execute('SELECT count(*) AS n FROM slow_writes')).rows[0].n).toBe(1)
  }, 20_000)

  test('one whose connection alone went silent is given up after the longest a write may take, though the server answers others', async () => {
    const { proxy, client } = await behindProxy({ ...DEADLINE, stuckMs: 1500 })
    await client.execute('CREATE TABLE forgotten_writes (n INTEGER)')
    proxy.silenceAt('INSERT INTO forgotten_writes', { passOn: false, alone: true })
    const started = performance.now()
    const err = await failure(client.execute('INSERT INTO forgotten_writes VALUES (1)'))
    expect(performance.now() - started).toBeGreaterThanOrEqual(1500)
    // Given up at the first look past stuckMs, which comes at most one probe and one answerMs later.
    expect(performance.now() - started).toBeLessThan(1500 + SILENT_AFTER_MS + 500)
    expect(writeInDoubt(err)).toBe(true)
    // The server answered all along: the next write goes at once.
    await client.execute('INSERT INTO forgotten_writes VALUES (2)')
    expect((await client.execute('SELECT n FROM forgotten_writes')).rows.map((r) => r.n)).toEqual([2])
  }, 20_000)
})
