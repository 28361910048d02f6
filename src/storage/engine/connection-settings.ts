import type { Client } from '@libsql/client'

// How long a call waits for another process's write lock (e.g. an import's batch, or another executable's writes on
// a libSQL server) before it gives up.
export const LOCK_WAIT_MS = 5000

/** The settings of a connection to a local file (or `:memory:`), on every connection the process opens to it. */
export async function tuneConnection(client: Client, path: string) {
  if (path !== ':memory:') await client.execute('PRAGMA journal_mode = WAL')
  // In WAL mode NORMAL stays consistent after a crash and skips an fsync per commit; a power cut can lose the
  // last commits (a few usage counts), which is the usual trade for a server database.
  await client.execute('PRAGMA synchronous = NORMAL')
  await client.execute('PRAGMA foreign_keys = ON')
  // A removed row's bytes are zeroed in the page that held it, which is written anyway: what a forget removes
  // (docs/people.md#forget) is not left readable in the file until the space is reused. FAST skips pages left empty,
  // which ON would also write, at the cost of extra writes on every delete.
  await client.execute('PRAGMA secure_delete = FAST')
  // 32 MiB of page cache (SQLite's default is 2 MiB) keeps the signal indexes' hot pages in memory.
  await client.execute('PRAGMA cache_size = -32768')
  // A polling pass commits a page of signals at a time, each touching pages of seven indexes: about 40 kB of WAL a
  // signal. A checkpoint copies the pages back and syncs the file, on the thread that committed; at SQLite's default
  // (every 1,000 pages) the same index pages were copied back every few commits. Every 100,000 pages (a WAL of up to
  // 400 MB while signals are stored) a pass stores its signals in three quarters of the time it took at 10,000; the
  // file is cut back to 64 MiB each time the log starts over (docs/performance.md#checkpoints).
  if (path !== ':memory:') {
    await client.execute('PRAGMA wal_autocheckpoint = 100000')
    await client.execute(`PRAGMA journal_size_limit = ${64 * 1024 * 1024}`)
  }
}
