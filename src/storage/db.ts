import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { type Client, createClient } from '@libsql/client'
import { drizzle } from 'drizzle-orm/libsql'
import * as schema from './schema'

export type Db = ReturnType<typeof drizzle<typeof schema>>
export type Database = { client: Client; db: Db }

/** Opens the database; for a local file, creates its folder and turns on WAL. */
export async function openDatabase(a: { url: string; authToken?: string }): Promise<Database> {
  const file = a.url.startsWith('file:') && !a.url.includes(':memory:')
  if (file) {
    const path = a.url.slice('file:'.length).split('?')[0]
    if (path) mkdirSync(dirname(path), { recursive: true })
  }
  // `timeout` is SQLite's busy timeout, set on every pooled connection: a second writer (the CLI beside a running
  // server) waits for the lock instead of failing.
  const client = createClient({ url: a.url, authToken: a.authToken || undefined, timeout: 5000 })
  // WAL lets readers and one writer work at once; it is a property of the file, set once.
  if (file) await client.execute('PRAGMA journal_mode = WAL')
  return { client, db: drizzle(client, { schema }) }
}
