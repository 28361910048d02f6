import { rm } from 'node:fs/promises'
import { BACKUP_COPY_URL } from '../../workers'
import { asLibsqlError } from '../engine/local-values'
import type { CopyReply, CopyRequest } from './messages'

/** A copy given up by its caller (`serve` shutting down): its thread is ended and nothing is written. */
export class CopyStopped extends Error {
  constructor() {
    super('the backup copy was stopped')
  }
}

/**
 * Copies the database file `from` into the new file `to` with `VACUUM INTO` and checks the copy, on a thread of its
 * own (worker.ts): on the server's thread a copy of a large database held its event loop for as long as it took
 * (9 s for 630 MB, no request answered meanwhile). Resolves to why the copy is unusable, or undefined when it is
 * good; rejects with the engine's error (its code, no path) when it could not be written, and with CopyStopped at
 * once on `signal` (the caller removes what it wrote, and this what the thread, let end its call, writes after).
 */
export function copyInThread(
  from: string,
  to: string,
  signal?: AbortSignal,
  workerUrl = BACKUP_COPY_URL,
): Promise<string | undefined> {
  const worker = new Worker(workerUrl)
  let stopped = false
  let posted = false
  let stop = () => {}
  return new Promise<string | undefined>((resolve, reject) => {
    stop = () => {
      stopped = true
      reject(new CopyStopped())
    }
    if (signal?.aborted) return stop()
    signal?.addEventListener('abort', stop, { once: true })
    worker.onmessage = ({ data }: MessageEvent<CopyReply>) => {
      if ('done' in data) resolve(undefined)
      else if ('problem' in data) resolve(data.problem)
      else reject(asLibsqlError(Object.assign(new Error('the backup copy could not be written'), data.error)))
    }
    worker.addEventListener('error', (event) =>
      reject(new Error(`the backup thread failed: ${(event as ErrorEvent).message}`)),
    )
    worker.postMessage({ from, to } satisfies CopyRequest)
    posted = true
  }).finally(() => {
    signal?.removeEventListener('abort', stop)
    if (!stopped || !posted) return worker.terminate()
    // Stopped inside its call (a write to a mount that stopped answering), the thread is let end it: ended meanwhile,
    // the engine's answer into the thread being ended aborted the whole process. SQLite opens the copy again on the
    // way, made anew if the caller removed it: what the thread leaves is removed when it answers. It keeps no process.
    worker.onmessage = () => {
      removeCopy(to)
      worker.terminate()
    }
    worker.unref()
  })
}

function removeCopy(to: string) {
  for (const f of [to, `${to}-journal`]) void rm(f, { force: true }).catch(() => {})
}
