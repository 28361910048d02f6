import type { Client } from '@libsql/client'
import { storageFailure } from './failure'
import { migrationState } from './migrate'

export type Readiness = { ready: true } | { ready: false; reason: string }

/**
 * Proves the database takes writes: one real commit that changes nothing (a row rewritten with its own values),
 * so a read-only file, a refused write or a full log fails here as it would for a counted call.
 */
export async function probeWrite(client: Client): Promise<void> {
  await client.batch(
    ['UPDATE "__drizzle_migrations" SET hash = hash WHERE id = (SELECT MAX(id) FROM "__drizzle_migrations")'],
    'write',
  )
}

/** Ready to serve: the database answers, has this build's migrations and takes writes. */
export async function checkReadiness(client: Client): Promise<Readiness> {
  try {
    const migrations = await migrationState(client)
    if (migrations === 'pending')
      return { ready: false, reason: 'the database lacks migrations of this version; run lead-signals migrate' }
    if (migrations === 'ahead')
      return { ready: false, reason: 'the database was migrated by a newer version of lead-signals' }
    await probeWrite(client)
    return { ready: true }
  } catch (err) {
    const why = storageFailure(err)
    return { ready: false, reason: why ? `the database cannot be written: ${why}` : 'the database cannot be read' }
  }
}
