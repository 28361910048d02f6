// docs/operations.md#the-database: what the .db file of a database holds by itself, without its -wal.
import { copyFileSync, mkdtempSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'

/**
 * Rows of the database file at `path` alone: copied without its -wal into a new folder under `dir`, as an operator
 * copies it, and read there as the file it is (read-only and `immutable`: no -wal or -shm is looked for or made;
 * backup-check.ts reads a backup so too). Returns the copy's path with the rows, for a test that restores it.
 */
export function rowsOfTheFileAlone(path: string, dir: string, sql: string): { copy: string; rows: unknown[][] } {
  const copy = join(mkdtempSync(join(dir, 'alone-')), 'copy.db')
  copyFileSync(path, copy)
  const db = new Database(`file:${copy}?mode=ro&immutable=1`, { readonly: true, fileMustExist: true })
  try {
    return { copy, rows: db.prepare(sql).raw(true).all() as unknown[][] }
  } finally {
    db.close()
  }
}

/** Sets a team's heat threshold through a running server's API (docs/people.md): one small commit of that server. */
export async function putHeatThreshold(serverStdout: string, apiKey: string, heatThreshold: number) {
  const url = new URL('/api/v1/people/heat-threshold', /"url":"([^"]+)"/.exec(serverStdout)![1])
  return fetch(url, {
    method: 'PUT',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ heatThreshold }),
  })
}
