// The backup thread (copy.ts): `VACUUM INTO` and the copy's `PRAGMA integrity_check` on a connection of its own, so
// the server's event loop keeps answering while a large database is copied (docs/operations.md#backups-and-restore).
import { existsSync } from 'node:fs'
import Database from 'libsql'
import { checkFile } from '../backup-check'
import { LOCK_WAIT_MS } from '../engine/connection-settings'
import { engineCodes } from '../thread-error'
import type { CopyReply, CopyRequest } from './messages'

declare const self: Worker

self.onmessage = ({ data }: MessageEvent<CopyRequest>) => {
  let db: Database.Database | undefined
  let answer: CopyReply
  try {
    // The engine creates a missing file whatever `fileMustExist` says: a database gone meanwhile is not made anew.
    if (!existsSync(data.from)) throw Object.assign(new Error('no database file'), { code: 'SQLITE_CANTOPEN' })
    db = new Database(data.from, { timeout: LOCK_WAIT_MS })
    db.prepare('VACUUM INTO ?').run(data.to)
    db.close()
    db = undefined
    const problem = checkFile(data.to, { newer: true })
    answer = problem ? { problem } : { done: true }
  } catch (e) {
    answer = { error: engineCodes(e) }
  } finally {
    db?.close()
  }
  postMessage(answer)
}
