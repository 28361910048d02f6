import type { Client } from '@libsql/client'
import { migrations } from '../../drizzle/migrations'

// A later migration's `ALTER TABLE t ADD c`: its column is dropped, so that the migration can run again.
const ADDED_COLUMN = /^ALTER TABLE `([^`]+)` ADD `([^`]+)`/
// A later migration's index on such a column: dropped first (SQLite refuses to drop a column an index holds), and
// made again by the migration.
const ADDED_INDEX = /^CREATE (?:UNIQUE )?INDEX `([^`]+)` ON `([^`]+)` \(([^)]*)\)/

/**
 * Makes drizzle's bookkeeping say the database stands before the migration `tag`: it forgets `tag` and every later
 * one, while the tables stay as the newest version made them, but for the columns later migrations added, which are
 * dropped (their ALTER TABLE cannot run twice; every other statement of theirs can). A test then writes rows as the
 * older version did and migrates as an upgrade from it would. Returns the migration's place in the list, for checking
 * which ones ran.
 */
export async function asBeforeMigration(client: Client, tag: string): Promise<number> {
  const at = migrations.findIndex((m) => m.tag === tag)
  if (at < 0) throw new Error(`no migration ${tag}`)
  const added = migrations
    .slice(at)
    .flatMap((m) => m.sql.split('--> statement-breakpoint').map((s) => ADDED_COLUMN.exec(s.trim())))
    .filter((match) => match !== null)
  const indexes = migrations
    .slice(at)
    .flatMap((m) => m.sql.split('--> statement-breakpoint').map((s) => ADDED_INDEX.exec(s.trim())))
    .filter((match) => match !== null)
    .filter(([, , table, on]) => added.some(([, t, column]) => t === table && on.includes(`\`${column}\``)))
  for (const [, name] of indexes) await client.execute(`DROP INDEX IF EXISTS \`${name}\``)
  for (const [, table, column] of added.reverse())
    await client.execute(`ALTER TABLE \`${table}\` DROP COLUMN \`${column}\``)
  await client.execute({ sql: 'delete from "__drizzle_migrations" where created_at >= ?', args: [migrations[at].when] })
  return at
}
