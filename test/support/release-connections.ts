import { readdirSync, readlinkSync } from 'node:fs'
import { until } from '../process/child'

// libsql closes a connection when its object is collected, not on close(): collect this process's closed ones, so
// that only another process can keep the database in use when restore looks. Collected, they close only on a later
// turn of the event loop (a finalizer), and the last one then checkpoints the -wal into the file, holding the
// database's lock meanwhile: a restore started at once raced that, and was refused as "in use" when it came first
// (once in CI, under load). So this collects until this process has none of the database's files open: one full
// collection left a connection alive now and then (something on the stack still pointed at it), for good.
export async function releaseOurConnections(dbUrl: string) {
  const path = dbUrl.replace(/^file:/, '')
  await until('this process to close its connections to the database', () => {
    Bun.gc(true)
    return !openHere(path)
  })
}

/** Whether this process has a file open whose path starts with `path` (the database, its -wal or -shm). */
function openHere(path: string): boolean {
  return readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(path)
    } catch {
      return false
    }
  })
}
