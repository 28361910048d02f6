// What the polling writer's two sides (writer.ts, worker.ts) send each other.
import type { PendingKey, StoredOutcome } from '../repos/polling-types'

/**
 * An outcome as sent to the writer: its pairs' keys as one flat list of strings (team, platform, post, team, …).
 * Copying a page's 150 small key objects to the thread cost about twice what copying their strings alone does, on the
 * pass's main thread and again on the writer's (docs/performance.md#the-pipeline-second-round).
 */
export type OutcomeMessage = Omit<StoredOutcome, 'scored' | 'failed'> & { scored: string[]; failed: string[] }

export type WriterRequest = { open: string } | { close: true } | { id: number; outcome: OutcomeMessage }
/** `kind`: an AppError's (a lock waited for too long), else the engine's error `code`. */
export type WriterError = { message: string; code?: string; kind?: string }
export type WriterReply = { closed: true } | { id: number; created: string[] } | { id: number; error: WriterError }

const flatKeys = (keys: PendingKey[]) => {
  const flat: string[] = []
  for (const k of keys) flat.push(k.teamId, k.platform, k.postId)
  return flat
}

const keysOf = (flat: string[]) => {
  const keys: PendingKey[] = []
  for (let i = 0; i < flat.length; i += 3)
    keys.push({ teamId: flat[i] as string, platform: flat[i + 1] as string, postId: flat[i + 2] as string })
  return keys
}

export const packOutcome = (o: StoredOutcome): OutcomeMessage => ({
  ...o,
  scored: flatKeys(o.scored),
  failed: flatKeys(o.failed),
})

export const unpackOutcome = (m: OutcomeMessage): StoredOutcome => ({
  ...m,
  scored: keysOf(m.scored),
  failed: keysOf(m.failed),
})
