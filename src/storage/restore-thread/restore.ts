import { existsSync, rmSync } from 'node:fs'
import { AppError, type ErrorCode } from '../../errors'
import { RESTORE_URL } from '../../workers'
import { asLibsqlError } from '../engine/local-values'
import type { RestoreReply, RestoreRequest } from './messages'

/**
 * restoreBackup (../restore.ts) on a thread of its own (worker.ts). On the command's thread, the rewrite after the
 * commit (a VACUUM of the whole database) held it for as long as it took, so Ctrl-C or TERM then ended the process
 * without a word and the operator could not tell whether the backup was in place. `committed()` says whether it is,
 * from the moment of the commit; `abandon()`, called before exiting, removes a database file the restore made and
 * did not commit (an empty one would be what the next `serve` starts on). The thread is never stopped mid-statement
 * (that crashed Bun); exiting the process is fine: a transaction not committed is no part of the database.
 */
export function restoreInThread(
  path: string,
  from: string,
): { done: Promise<void>; committed(): boolean; abandon(): void } {
  const made = !existsSync(path)
  const committed = new Int32Array(new SharedArrayBuffer(4))
  const worker = new Worker(RESTORE_URL)
  const done = new Promise<void>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<RestoreReply>) => {
      if ('done' in data) resolve()
      else if ('app' in data)
        reject(new AppError(data.app.kind as ErrorCode, data.app.message, { reason: data.app.reason }))
      else reject(asLibsqlError(Object.assign(new Error('the restore failed in the database engine'), data.error)))
    }
    worker.addEventListener('error', (event) =>
      reject(new Error(`the restore thread failed: ${(event as ErrorEvent).message}`)),
    )
    worker.postMessage({ path, from, committed } satisfies RestoreRequest)
  }).finally(() => worker.terminate())
  const isCommitted = () => Atomics.load(committed, 0) === 1
  const abandon = () => {
    if (made && !isCommitted())
      for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(path + suffix, { force: true })
  }
  return { done, committed: isCommitted, abandon }
}
