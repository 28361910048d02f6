// docs/console.md#sources-not-answering: a database from before kept no start of a source's run of failures. At the
// first start with this version a source failing now takes its latest failure (a time it surely failed at); one that
// answers, or was never tried, has none. Source health then answers it (docs/api.md#source-health).
import { expect, test } from 'bun:test'
import { migrations } from '../../../drizzle/migrations'
import { migrate } from '../../../src/storage/migrate'
import { asBeforeMigration } from '../../support/before-migration'
import { testDeps } from '../../support/deps'

const TAG = '0032_failing_since'

test(`${TAG} gives a source failing now its latest failure as the run's start, and no other one a start`, async () => {
  const { deps } = await testDeps()
  const client = deps.database.client
  const from = await asBeforeMigration(client, TAG)
  const rows: [string, string | null, string | null][] = [
    ['hackernews', '2026-11-10T00:00:00.000Z', '2026-11-12T00:00:00.000Z'],
    ['reddit', null, '2026-11-11T00:00:00.000Z'],
    ['devto', '2026-11-12T00:00:00.000Z', '2026-11-11T00:00:00.000Z'],
    ['github', '2026-11-12T00:00:00.000Z', null],
  ]
  for (const args of rows)
    await client.execute({
      sql: 'insert into platform_health (platform, last_success_at, last_failure_at, last_error) values (?, ?, ?, ?)',
      args: [...args, args[2] ? 'failed' : null],
    })

  expect(await migrate(client)).toEqual(migrations.slice(from).map((m) => m.tag))

  const { rows: after } = await client.execute('select platform, failing_since from platform_health order by platform')
  expect(after.map((r) => [r[0], r[1]])).toEqual([
    ['devto', null],
    ['github', null],
    ['hackernews', '2026-11-12T00:00:00.000Z'],
    ['reddit', '2026-11-11T00:00:00.000Z'],
  ])
  // A failure after the upgrade keeps that start; an answer ends it.
  await deps.repos.platformHealth.recordFailure('hackernews', '2026-11-13T00:00:00.000Z', 'failed again')
  await deps.repos.platformHealth.recordSuccess('reddit', '2026-11-13T00:00:00.000Z')
  const since = new Map((await deps.repos.platformHealth.list()).map((h) => [h.platform, h.failingSince]))
  expect(since.get('hackernews')).toBe('2026-11-12T00:00:00.000Z')
  expect(since.get('reddit')).toBeNull()
  deps.database.client.close()
})
