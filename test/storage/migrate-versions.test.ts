// docs/operations.md#several-executables-on-sqld: executables starting together on an older database all migrate;
// one's transaction applies the migrations, the others see them applied. With two versions among them (a rolling
// upgrade), the older one may apply only part of what the newer one has pending.
import { expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { type Client, createClient } from '@libsql/client'
import { migrations } from '../../drizzle/migrations'
import { migrate, migrationState, migrationStatements } from '../../src/storage/migrate'
import { tempDir } from '../support/temp-dirs'

/** Applies migrations[from, to) as an executable whose newest is migrations[to - 1] does. */
async function applyAs(client: Client, from: number, to: number) {
  await client.migrate(migrationStatements(migrations.slice(from, to)))
}

test('an older executable that applied part of the pending migrations first leaves the rest to this one, not a failed start', async () => {
  const dir = tempDir('ls-migrate-versions-')
  const client = createClient({ url: `file:${join(dir, 'db.sqlite')}` })
  try {
    await client.execute(
      'CREATE TABLE "__drizzle_migrations" (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)',
    )
    // From a migration that cannot run twice (0021 adds a column), so that ours fails on what the racing one made;
    // the later ones make their tables only if absent, and would run again without failing.
    const older = migrations.findIndex((m) => m.tag === '0021_destination_pause_reason')
    await applyAs(client, 0, older)
    // Between this executable's look at what is pending and its transaction, an executable one migration behind it
    // applies all it knows.
    let raced = false
    const racing = new Proxy(client, {
      get(target, name) {
        if (name !== 'migrate') {
          const value = Reflect.get(target, name)
          return typeof value === 'function' ? value.bind(target) : value
        }
        return async (stmts: Parameters<Client['migrate']>[0]) => {
          if (!raced) {
            raced = true
            await applyAs(target, older, migrations.length - 1)
          }
          return target.migrate(stmts)
        }
      },
    })

    expect(await migrate(racing)).toEqual([migrations[migrations.length - 1].tag])
    expect(await migrationState(client)).toBe('current')
  } finally {
    client.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
