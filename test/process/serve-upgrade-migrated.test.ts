import { afterEach, describe, expect, test } from 'bun:test'
import { createClient } from '@libsql/client'
import { migrations } from '../../drizzle/migrations'
import { asBeforeMigration } from '../support/before-migration'
import { seedTeam } from '../support/deps'
import { processWorld, seedDatabase, serveChild, urlOf } from './child'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

const config = { server: { host: '127.0.0.1', port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } }
const FROM = '0029_bare_post_ids'

const migratedLines = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.includes('"event":"database_migrated"'))
    .map((l) => JSON.parse(l))

// docs/operations.md#upgrades: the new executable started on an older version's database migrates it at start. The
// journal is where an operator looks for what an upgrade did (and why the start took minutes with the database
// locked): the migrations applied are logged once, by the start that applied them, and not by the next start.
describe('serve started on an older version’s database', () => {
  test('logs the migrations it applied once, with the schema it came from; the next start logs none', async () => {
    const world = processWorld(config)
    cleanup.push(() => world.cleanup())
    const { apiKey } = await seedDatabase(world, config, (deps) => seedTeam(deps))
    const client = createClient({ url: world.dbUrl })
    const at = await asBeforeMigration(client, FROM)
    client.close()

    const first = serveChild(world, cleanup)
    const url = await urlOf(first)
    // The key the older version issued still opens the API: nothing was issued again.
    expect((await fetch(`${url}/api/v1/usage`, { headers: { 'x-api-key': apiKey } })).status).toBe(200)
    first.proc.kill('SIGTERM')
    expect(await first.exited()).toBe(0)
    const lines = migratedLines(first.stderr())
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({
      level: 'info',
      from: migrations[at - 1].tag,
      to: migrations[migrations.length - 1].tag,
      applied: migrations.slice(at).map((m) => m.tag),
    })
    expect(typeof lines[0].ms).toBe('number')

    const second = serveChild(world, cleanup)
    await urlOf(second)
    second.proc.kill('SIGTERM')
    expect(await second.exited()).toBe(0)
    expect(migratedLines(second.stderr())).toEqual([])
  }, 60_000)
})
