import type { EngineCodes } from '../thread-error'

// What the restore thread (worker.ts) is sent and answers (restore.ts). `committed` is set to 1 in the shared flag
// the moment the backup is committed, before the rewrite: a signal handled meanwhile reads it at once.
export type RestoreRequest = { path: string; from: string; committed: Int32Array }
export type RestoreReply =
  | { done: true }
  | { app: { kind: string; message: string; reason?: string } }
  | { error: EngineCodes }
