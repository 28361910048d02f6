import type { EngineCodes } from '../thread-error'

// What the backup thread (worker.ts) is sent and answers (copy.ts).
export type CopyRequest = { from: string; to: string }
export type CopyReply = { done: true } | { problem: string } | { error: EngineCodes }
