import { BACKUP_COPY_URL } from '../../workers'
import { asLibsqlError } from '../engine/local-values'
import type { CopyReply, CopyRequest } from './messages'

/**
 * Copies the database file `from` into the new file `to` with `VACUUM INTO` and checks the copy, on a thread of its
 * own (worker.ts): on the server's thread a copy of a large database held its event loop for as long as it took
 * (9 s for 630 MB, no request answered meanwhile). Resolves to why the copy is unusable, or undefined when it is
 * good; rejects with the engine's error (its code, no path) when it could not be written.
 */
export function copyInThread(from: string, to: string, workerUrl = BACKUP_COPY_URL): Promise<string | undefined> {
  const worker = new Worker(workerUrl)
  return new Promise<string | undefined>((resolve, reject) => {
    worker.onmessage = ({ data }: MessageEvent<CopyReply>) => {
      if ('done' in data) resolve(undefined)
      else if ('problem' in data) resolve(data.problem)
      else reject(asLibsqlError(Object.assign(new Error('the backup copy could not be written'), data.error)))
    }
    worker.addEventListener('error', (event) =>
      reject(new Error(`the backup thread failed: ${(event as ErrorEvent).message}`)),
    )
    worker.postMessage({ from, to } satisfies CopyRequest)
  }).finally(() => worker.terminate())
}
