// The restore thread (restore.ts): restoreBackup on a connection of its own, so that the command's thread stays free
// to answer Ctrl-C or TERM with what was done (docs/operations.md#backups-and-restore).
import { AppError } from '../../errors'
import { restoreBackup } from '../restore'
import { engineCodes } from '../thread-error'
import type { RestoreReply, RestoreRequest } from './messages'

declare const self: Worker

self.onmessage = ({ data }: MessageEvent<RestoreRequest>) => {
  let answer: RestoreReply
  try {
    restoreBackup(data.path, data.from, () => Atomics.store(data.committed, 0, 1))
    answer = { done: true }
  } catch (e) {
    if (e instanceof AppError) answer = { app: { kind: e.kind, message: e.message, reason: e.extra.reason } }
    else answer = { error: engineCodes(e) }
  }
  postMessage(answer)
}
