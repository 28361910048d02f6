import type { Client } from '@libsql/client'
import { migrations } from '../../drizzle/migrations'

/**
 * Makes drizzle's bookkeeping say the database stands before the migration `tag`: it forgets `tag` and every later
 * one, while the tables stay as the newest version made them. A test then writes rows as the older version did and
 * migrates as an upgrade from it would. Returns the migration's place in the list, for checking which ones ran.
 */
export async function asBeforeMigration(client: Client, tag: string): Promise<number> {
  const at = migrations.findIndex((m) => m.tag === tag)
  if (at < 0) throw new Error(`no migration ${tag}`)
  await client.execute({ sql: 'delete from "__drizzle_migrations" where created_at >= ?', args: [migrations[at].when] })
  return at
}
