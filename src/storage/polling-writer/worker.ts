// The polling writer's thread (writer.ts): stores the outcomes it is sent on a connection of its own, all those
// waiting in one transaction (docs/performance.md#the-polling-writer).
import type { Client } from '@libsql/client'
import { LibsqlError } from '@libsql/core/api'
import { AppError } from '../../errors'
import { LOCK_WAIT_MS, tuneConnection } from '../engine/connection-settings'
import { createLocalClient } from '../engine/local-client'
import type { StoredOutcome } from '../repos/polling-types'
import { storeAll } from '../repos/polling-outcome'
import type { WriterError, WriterReply, WriterRequest } from './messages'

declare const self: Worker

let opening: Promise<Client> | undefined
const waiting: { id: number; outcome: StoredOutcome }[] = []
/** The transactions being written, until none is waiting. */
let flushing: Promise<void> | undefined

const reply = (message: WriterReply) => postMessage(message)
const errorOf = (e: unknown): WriterError =>
  e instanceof AppError
    ? { message: e.message, kind: e.kind }
    : { message: e instanceof Error ? e.message : String(e), code: (e as { code?: string } | null)?.code }

async function open(path: string): Promise<Client> {
  let client: Client
  try {
    client = createLocalClient(path, { lockWaitMs: LOCK_WAIT_MS })
  } catch {
    // The engine's message names the file, which no log line may show.
    throw new LibsqlError('the polling writer could not open the database file', 'SQLITE_CANTOPEN')
  }
  await tuneConnection(client, path)
  return client
}

// Outcomes that arrive while a transaction is written wait for the next one, which takes all of them: the pass
// sends a page as soon as it is scored, and several pages a transaction cost less than one each.
async function flush() {
  while (waiting.length > 0) {
    const group = waiting.splice(0)
    try {
      const created = await storeAll(
        await (opening as Promise<Client>),
        group.map((w) => w.outcome),
      )
      for (const [i, w] of group.entries()) reply({ id: w.id, created: created[i] as string[] })
    } catch (e) {
      for (const w of group) reply({ id: w.id, error: errorOf(e) })
    }
  }
  flushing = undefined
}

self.onmessage = async ({ data }: MessageEvent<WriterRequest>) => {
  if ('open' in data) {
    opening = open(data.open)
    opening.catch(() => {}) // answered to each store that awaits it
  } else if ('close' in data) {
    await flushing
    const client = await opening?.catch(() => undefined)
    // docs/performance.md#the-pass-leaves-no-log: closing copies what the pass wrote since the last checkpoint back
    // into the file, here on this thread, so that the serving process's reads do not search a long log afterwards.
    client?.close()
    reply({ closed: true })
  } else {
    waiting.push(data)
    flushing ??= Bun.sleep(0).then(flush)
  }
}
