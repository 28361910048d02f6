// What the polling writer's two sides (writer.ts, worker.ts) send each other.
import type { StoredOutcome } from '../repos/polling-types'

export type WriterRequest = { open: string } | { close: true } | { id: number; outcome: StoredOutcome }
/** `kind`: an AppError's (a lock waited for too long), else the engine's error `code`. */
export type WriterError = { message: string; code?: string; kind?: string }
export type WriterReply = { closed: true } | { id: number; created: string[] } | { id: number; error: WriterError }
