// Where the worker threads' entry points are. This module sits next to main.ts on purpose: inside the executable
// every bundled module's import.meta.url is the executable's root, so only a URL taken from this folder finds a
// worker both from source and there. build.ts lists the same files as entry points.
export const RULES_WORKER_URL = new URL('./scorers/rules/worker.ts', import.meta.url).href
export const POLLING_WRITER_URL = new URL('./storage/polling-writer/worker.ts', import.meta.url).href
export const BACKUP_COPY_URL = new URL('./storage/backup-copy/worker.ts', import.meta.url).href
export const RESTORE_URL = new URL('./storage/restore-thread/worker.ts', import.meta.url).href
