import type { Client } from '@libsql/client'
import { AppError } from '../errors'
import { databaseShown, localPathOf } from './database-url'
import { unanswered } from './engine/write-deadline'

/**
 * Waits for the database's answer to one read before anything else is sent, at most `waitMs` (database.
 * first_answer_seconds, 30 s unless set: docs/operations.md#a-database-that-does-not-answer-at-start); past that,
 * throws `storage_unavailable` naming the server by its host alone (never the token or a password in the URL). A local
 * file has no server to wait for. The read left waiting cannot be cancelled: the caller closes the client and exits.
 * A read's own deadline (engine/write-deadline.ts) names no setting to check, and Bun's fetch gives up only after
 * about 6 minutes, so a server that takes the connection and never answers gets this one line instead. A healthy
 * server answers in milliseconds, and one starting in the same compose file within seconds.
 */
export async function firstAnswer(client: Client, url: string, waitMs: number): Promise<void> {
  if (localPathOf(url) !== undefined) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs)
  })
  let waiting = true
  const answer = answered(client, () => waiting)
  // Failing late, after the bound, must not surface as an unhandled rejection.
  answer.catch(() => undefined)
  const outcome = await Promise.race([answer, late]).finally(() => {
    waiting = false
    clearTimeout(timer)
  })
  if (outcome === 'answered') return
  throw new AppError(
    'storage_unavailable',
    `database.url: ${databaseShown(url)} did not answer within ${waitMs / 1000} s: check that it runs and that this machine reaches it (a firewall that drops its packets, a host that froze)`,
    { reason: 'its server did not answer' },
  )
}

/**
 * 'answered' once `SELECT 1` is. A read the client itself gave up as unanswered (its deadline,
 * engine/write-deadline.ts, shorter than this bound) is sent again while the caller still waits.
 */
async function answered(client: Client, waiting: () => boolean): Promise<'answered'> {
  for (;;) {
    try {
      await client.execute('SELECT 1')
      return 'answered'
    } catch (err) {
      if (!waiting() || !unanswered(err)) throw err
    }
  }
}
