/** What of an engine's error a storage thread (backup-copy/, restore-thread/) sends back. */
export type EngineCodes = { code?: string; rawCode?: number }

/**
 * Only the engine's codes leave the thread: its messages may name the files, which no log line shows. The caller
 * rebuilds the error from them (asLibsqlError), so it is told as any other database failure.
 */
export function engineCodes(e: unknown): EngineCodes {
  const { code, rawCode } = (e ?? {}) as { code?: unknown; rawCode?: unknown }
  return {
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof rawCode === 'number' ? { rawCode } : {}),
  }
}
