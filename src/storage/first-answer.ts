import type { Client } from '@libsql/client'
import { AppError } from '../errors'
import { databaseShown, localPathOf } from './db'

/**
 * How long a command waits, at start, for a libSQL server's first answer (docs/operations.md#a-database-that-does-not-answer-at-start).
 * A database call has no deadline of its own (Bun's fetch gives up after about 6 minutes; a WebSocket never), so a
 * server that takes the connection and never answers would hold serve, migrate or any command for good. A healthy
 * server answers in milliseconds, and one starting in the same compose file within seconds.
 */
export const FIRST_ANSWER_MS = 30_000

/**
 * Waits for the database's answer to one read before anything else is sent, at most `waitMs`; past that, throws
 * `storage_unavailable` naming the server by its host alone (never the token or a password in the URL). A local file
 * has no server to wait for. The read left waiting cannot be cancelled: the caller closes the client and exits.
 */
export async function firstAnswer(client: Client, url: string, waitMs = FIRST_ANSWER_MS): Promise<void> {
  if (localPathOf(url) !== undefined) return
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), waitMs)
  })
  const answer = client.execute('SELECT 1').then(() => 'answered' as const)
  // Failing late, after the bound, must not surface as an unhandled rejection.
  answer.catch(() => undefined)
  const outcome = await Promise.race([answer, late]).finally(() => clearTimeout(timer))
  if (outcome === 'answered') return
  throw new AppError(
    'storage_unavailable',
    `database.url: ${databaseShown(url)} did not answer within ${waitMs / 1000} s: check that it runs and that this machine reaches it (a firewall that drops its packets, a host that froze)`,
    { reason: 'its server did not answer' },
  )
}
