import { CopyStopped } from './copy'

// How long a call on the folder is still waited for once the run is stopped: a folder that answers, a network
// mount's included, answers well within it, and what it made is then removed as at any stop.
export const STOP_GRACE_MS = 500

/**
 * A call on a backup's folder, given up with CopyStopped when `signal` aborts (`serve` stopping) and the call has not
 * answered STOP_GRACE_MS later: on a mount that stopped answering it never returns, and a shutdown that awaited it
 * took all of server.shutdown_timeout_ms (docs/operations.md#shutdown). The call itself cannot be ended; it goes on,
 * off the event loop, and `late` gets what it made should it answer after all (a part created then is removed).
 */
export function untilStopped<T>(call: Promise<T>, signal?: AbortSignal, late?: (made: T) => unknown): Promise<T> {
  if (!signal) return call
  let answered = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let stop = () => {}
  const stopped = new Promise<never>((_resolve, reject) => {
    stop = () => {
      timer = setTimeout(() => {
        if (answered) return
        reject(new CopyStopped())
        if (late) call.then(late, () => {}).catch(() => {})
      }, STOP_GRACE_MS)
    }
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })
  })
  const settle = () => {
    answered = true
  }
  call.then(settle, settle)
  return Promise.race([call, stopped]).finally(() => {
    clearTimeout(timer)
    signal.removeEventListener('abort', stop)
  })
}
