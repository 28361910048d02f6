import type { Client } from '@libsql/client'
import { databaseDamaged, storageFailure } from './failure'
import { migrationState, schemasOf } from './migrate'

export type Readiness = { ready: true } | { ready: false; reason: string }

// Room the probe asks for: more than a page or two, so that a rewrite that still fits cannot pass for growth.
const PROBE_BYTES = 64 * 1024

/**
 * Proves the database takes writes and can grow: one commit that stores 64 KB and one that takes it out again, so a
 * read-only file, a refused write, a full disk or a full log fails here as it would for a counted call. Rewriting a
 * row in place (the check of old) still fitted in pages a full disk had already given.
 */
export async function probeWrite(client: Client): Promise<void> {
  await client.batch(
    [{ sql: 'INSERT OR REPLACE INTO readiness_probe (id, room) VALUES (1, zeroblob(?))', args: [PROBE_BYTES] }],
    'write',
  )
  await client.batch(['DELETE FROM readiness_probe'], 'write')
}

/** Ready to serve: the database answers, has this build's migrations and takes writes. */
export async function checkReadiness(client: Client): Promise<Readiness> {
  try {
    const migrations = await migrationState(client)
    if (migrations === 'pending')
      return { ready: false, reason: 'the database lacks migrations of this version; run lead-signals migrate' }
    // Both schemas named as migrate's refusal names them, so the operator knows which executable the database needs.
    if (migrations === 'ahead')
      return {
        ready: false,
        reason: `the database was migrated by a newer version of lead-signals (${await schemasOf(client)})`,
      }
    await probeWrite(client)
    return { ready: true }
  } catch (err) {
    if (databaseDamaged(err))
      return {
        ready: false,
        reason: 'the database file is damaged or is not a SQLite database: restore it from a backup',
      }
    const why = storageFailure(err)
    return { ready: false, reason: why ? `the database cannot be written: ${why}` : 'the database cannot be read' }
  }
}
