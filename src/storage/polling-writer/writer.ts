import { LibsqlError } from '@libsql/core/api'
import { AppError, type ErrorCode } from '../../errors'
import { POLLING_WRITER_URL } from '../../workers'
import type { StoredOutcome } from '../repos/polling-types'
import type { WriterError, WriterReply, WriterRequest } from './messages'

export type PollingWriter = {
  /** As the polling repo's `store`, written by the writer's thread. */
  store(outcome: StoredOutcome): Promise<string[]>
  /** Ends the thread once what it was sent is stored. */
  close(): Promise<void>
}

const errorFrom = (e: WriterError) =>
  e.kind ? new AppError(e.kind as ErrorCode, e.message) : new LibsqlError(e.message, e.code ?? 'SQLITE_ERROR')

/**
 * A polling pass's writer on a thread of its own (docs/performance.md#the-polling-writer): a pass stores a page of
 * signals at a time, and on a database file each of those transactions blocked the pass's event loop for about 5 ms.
 * The thread opens its own connection to the file (SQLite lets the connections of one process share it safely) and
 * writes every outcome waiting for it in one transaction; `store` answers when that transaction is committed, as the
 * repo's does, so nothing the pass counts or moves on from is unwritten.
 */
export function openPollingWriter(path: string, workerUrl = POLLING_WRITER_URL): PollingWriter {
  const worker = new Worker(workerUrl)
  const pending = new Map<number, { resolve(created: string[]): void; reject(e: Error): void }>()
  let closed: (() => void) | undefined
  let broken: Error | undefined
  let nextId = 0
  const send = (message: WriterRequest) => worker.postMessage(message)

  worker.onmessage = ({ data }: MessageEvent<WriterReply>) => {
    if ('closed' in data) return closed?.()
    const p = pending.get(data.id)
    pending.delete(data.id)
    if ('error' in data) p?.reject(errorFrom(data.error))
    else p?.resolve(data.created)
  }
  const fail = (why: string) => {
    broken ??= new Error(`the polling writer stopped: ${why}`)
    for (const p of pending.values()) p.reject(broken)
    pending.clear()
    closed?.()
  }
  worker.addEventListener('error', (event) => fail((event as ErrorEvent).message))
  worker.addEventListener('close', () => fail('it exited'))
  send({ open: path })

  return {
    store(outcome) {
      if (broken) return Promise.reject(broken)
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        send({ id, outcome })
      })
    },
    async close() {
      if (!broken) {
        await new Promise<void>((resolve) => {
          closed = resolve
          send({ close: true })
        })
      }
      broken ??= new Error('the polling writer was closed')
      worker.terminate()
    },
  }
}
