import { afterEach, describe, expect, test } from 'bun:test'
import { createClient } from '@libsql/client'
import { migrations } from '../../drizzle/migrations'
import { seedTeam } from '../support/deps'
import { processWorld, seedDatabase, spawnChild } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const config = { server: { host: '127.0.0.1', port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } }

// docs/operations.md#upgrades: an older executable on a database a newer one migrated keeps serving (a rolling upgrade
// relies on it), but one run alone after a rollback by mistake must say so in its log, not only on /readyz, naming
// both schemas as --version names its own (every build is 0.1.0).
describe('serve on a database a newer version migrated', () => {
  test('it starts, logs database_newer once with what to do, and /readyz answers 503', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    await seedDatabase(world, config, (deps) => seedTeam(deps))
    const client = createClient({ url: world.dbUrl })
    await client.execute({
      sql: 'INSERT INTO "__drizzle_migrations" ("hash", "created_at") VALUES (?, ?)',
      args: ['newer', migrations[migrations.length - 1].when + 1],
    })
    client.close()

    const child = spawnChild(world, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await child.waitForOutput('the database_newer line', (o) => o.stderr.includes('"event":"database_newer"'))
    const url = new URL(/"url":"([^"]+)"/.exec(child.stdout())![1])
    expect((await fetch(new URL('/readyz', url))).status).toBe(503)
    const lines = child
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"event":"database_newer"'))
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'warn',
      message:
        "the database was migrated by a newer version of lead-signals (database schema 0034; this executable's is 0033_bluesky_accounts): this one keeps serving beside it, but /readyz answers 503; run that version, or restore the backup taken before the upgrade (docs/operations.md#upgrades)",
    })
  })
})
