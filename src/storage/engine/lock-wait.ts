import { AppError } from '../../errors'

// Polling intervals while another process holds the write lock: short enough that a waiting request slips in
// between two batches of a long import (which pauses for longer than the longest interval, see
// domain/signals/import.ts), long enough that polling costs nothing measurable.
const FIRST_DELAY_MS = 1
const LONGEST_DELAY_MS = 4

/** SQLite's "the database is locked" (SQLITE_BUSY and its extended codes such as SQLITE_BUSY_SNAPSHOT). */
export const isBusy = (e: unknown) => /^SQLITE_BUSY/.test(String((e as { code?: unknown } | null)?.code ?? ''))

/** Why a write failed while another connection held the write lock: it passes once that writer commits. */
export const LOCK_HELD = 'another writer holds its lock'

type LockWait = <T>(attempt: () => T) => Promise<T>

/**
 * Waits for the database's write lock without blocking the event loop. The engine's own busy handler sleeps in the
 * calling thread, which for a server is every request at once; here the engine fails at once with SQLITE_BUSY and
 * the attempt is retried on a timer, up to `budgetMs`, after which the call fails as `storage_unavailable`.
 *
 * `attempt` must be safe to repeat after SQLITE_BUSY: a single statement outside a transaction, or a whole
 * transaction that rolled back. One timer serves every waiting call of a connection, and they retry in the order
 * they arrived, so a hundred waiting requests poll the lock once per interval, not a hundred times.
 */
export function createLockWait(budgetMs: number): LockWait {
  let delay = FIRST_DELAY_MS
  let tick: Promise<void> | undefined
  const nextTry = () =>
    (tick ??= new Promise<void>((resolve) =>
      setTimeout(() => {
        tick = undefined
        delay = Math.min(delay * 2, LONGEST_DELAY_MS)
        resolve()
      }, delay),
    ))

  return async (attempt) => {
    let deadline: number | undefined
    for (;;) {
      try {
        const result = attempt()
        delay = FIRST_DELAY_MS
        return result
      } catch (e) {
        if (!isBusy(e)) throw e
        deadline ??= performance.now() + budgetMs
        if (performance.now() >= deadline) throw lockedTooLong(budgetMs)
        await nextTry()
      }
    }
  }
}

/**
 * The same wait for a libSQL server: it answers SQLITE_BUSY when another connection (another executable) kept the
 * write lock longer than the server waits itself. A call that failed so changed nothing (a statement, or a batch
 * that rolled back), so it is sent again, after 2, 4, … up to 64 ms, until `budgetMs` has passed.
 */
export function createRemoteLockWait(budgetMs: number) {
  return async <T>(attempt: () => Promise<T>): Promise<T> => {
    let deadline: number | undefined
    for (let delay = 2; ; delay = Math.min(delay * 2, 64)) {
      try {
        return await attempt()
      } catch (e) {
        if (!isBusy(e)) throw e
        deadline ??= performance.now() + budgetMs
        if (performance.now() >= deadline) throw lockedTooLong(budgetMs)
        await new Promise((resolve) => setTimeout(resolve, delay))
      }
    }
  }
}

const lockedTooLong = (budgetMs: number) =>
  new AppError(
    'storage_unavailable',
    `the database stayed locked by another writer for ${budgetMs / 1000} s; nothing was changed, try again`,
    { reason: LOCK_HELD },
  )
