import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Clock } from '../../lib/clock'
import { type BackupProgress, writeBackup } from '../../storage/backup'
import { CopyStopped } from '../../storage/backup-copy/copy'
import { untilStopped } from '../../storage/backup-copy/until-stopped'
import { CANNOT_CREATE } from '../../storage/backup-target'
import { openDatabase } from '../../storage/db'
import { localPathOf } from '../../storage/database-url'
import { restoreInThread } from '../../storage/restore-thread/restore'

// docs/operations.md#backups-and-restore
const BACKUP_NAME = /^lead-signals-\d{8}-\d{6}\.db$/

/** The embedded database's file; a libSQL server's backups are the server's own, so `command` refuses it. */
function embeddedFile(config: Config, command: string): string {
  const path = localPathOf(config.database.url)
  if (path === undefined)
    throw new AppError(
      'invalid_request',
      `${command}: database.url is a libSQL server, whose backups are its own (snapshots or its data directory): see docs/operations.md#backups-and-restore`,
    )
  if (path === ':memory:') throw new AppError('invalid_request', `${command}: database.url is an in-memory database`)
  return path
}

/** The configured database's files (the file, its -wal, -shm and -journal), or none for a libSQL server's. */
export function databaseFiles(config: Config): string[] {
  const path = localPathOf(config.database.url)
  if (path === undefined || path === ':memory:') return []
  return ['', '-wal', '-shm', '-journal'].map((suffix) => path + suffix)
}

/** backup.schedule needs a database file: `serve` refuses the setting on a server instead of ignoring it. */
export function checkBackupConfig(config: Config) {
  if (config.backup.schedule === '') return
  if (![undefined, ':memory:'].includes(localPathOf(config.database.url))) return
  throw new AppError(
    'invalid_request',
    'backup.schedule: database.url is not a database file; a libSQL server is backed up with its own tools (docs/operations.md#backups-and-restore)',
  )
}

/**
 * backup.dir, created owner-only, off the event loop (a mount that stopped answering holds the call, not the server);
 * a failure names the setting and why, never the path (docs/operations.md#logs).
 */
export function makeBackupDir(dir: string): Promise<unknown> {
  return mkdir(dir, { recursive: true, mode: 0o700 }).catch((err) => {
    throw cannotMakeDir(err)
  })
}

function cannotMakeDir(err: unknown) {
  const code = (err as NodeJS.ErrnoException).code ?? 'error'
  return new AppError('invalid_request', `backup.dir: the folder cannot be created: ${CANNOT_CREATE[code] ?? code}`)
}

/** `backup --to FILE`: a checked copy of the configured database file, also while a server uses it. */
export async function backupDatabase(
  config: Config,
  to: string,
  progress?: BackupProgress,
): Promise<{ bytes: number }> {
  const file = embeddedFile(config, 'backup')
  if (!existsSync(file))
    throw new AppError('invalid_request', 'backup: the database file (database.url) does not exist')
  // Opened as every command opens it first (WAL mode, its -wal and -shm owner-only), then copied on its own thread.
  const database = await openDatabase({ url: config.database.url })
  try {
    return await writeBackup(file, to, '--to', { progress })
  } finally {
    database.client.close()
  }
}

/**
 * `restore --from FILE`: the configured database file becomes the backup; refused while it is in use. Runs on a thread
 * of its own (storage/restore-thread), so that a signal meanwhile can be answered with what was done.
 */
export function restoreDatabase(config: Config, from: string) {
  return restoreInThread(embeddedFile(config, 'restore'), from)
}

/**
 * A scheduled backup (backup.schedule): a checked copy named by its UTC time in `backup.dir`, then the oldest of
 * those beyond `backup.keep` are deleted (only files named like ours). It names files, not paths: log lines carry
 * no paths. Every call on the folder is off the event loop: on a mount that stopped answering it holds this run,
 * which GET /readyz then names (jobs/backups.ts), not the server (docs/operations.md#a-job-that-hangs).
 */
export async function writeScheduledBackup(deps: { config: Config; clock: Clock }, signal?: AbortSignal) {
  const { dir, keep } = deps.config.backup
  await untilStopped(makeBackupDir(dir), signal)
  const stamp = deps.clock.now().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  const file = `lead-signals-${stamp}.db`
  const from = embeddedFile(deps.config, 'backup.schedule')
  // A part of this run's own: a run stopped (serve shutting down) lets its copy's thread end its call, after which
  // the thread removes what it wrote, and a run of the same time at once under one shared name met that file: VACUUM
  // INTO refused it (SQLITE_ERROR), or the thread removed the new run's part under it.
  const part = join(dir, `${file}.${process.pid}-${randomBytes(4).toString('hex')}.partial`)
  const { bytes } = await writeBackup(from, join(dir, file), 'backup.dir', { signal, part }).catch((err) => {
    throw roomFor(err, keep)
  })
  // The backup is written: stopped now, its rotation is left to the next run.
  const rotated = untilStopped(rotate(dir, keep, deps.clock.now().getTime()), signal)
  const removed = await rotated.catch((err) => {
    if (err instanceof CopyStopped) return []
    throw err
  })
  return { file, bytes, removed }
}

/**
 * A disk that filled, said with the room the folder needs: the oldest backup beyond `keep` is deleted only once a new
 * one is written (a failed copy must not cost a good backup), so a disk sized for `keep` backups failed every run from
 * then on, beside the `keep` backups it holds, saying only that it is full.
 */
function roomFor(err: unknown, keep: number): unknown {
  const full = [CANNOT_CREATE.ENOSPC, CANNOT_CREATE.EDQUOT]
  if (!(err instanceof AppError) || !full.includes(err.extra.reason ?? '')) return err
  const room = `backup.dir needs room for backup.keep + 1 backups (${keep + 1} here): the oldest beyond backup.keep is deleted only once a new one is written`
  return new AppError(err.kind, `${err.message}; ${room}`, err.extra)
}

/** Deletes the oldest of our backups beyond `keep`, then the parts of runs cut off; the names removed. */
async function rotate(dir: string, keep: number, now: number): Promise<string[]> {
  const ours = (await readdir(dir)).filter((f) => BACKUP_NAME.test(f)).sort()
  const removed = ours.slice(0, Math.max(0, ours.length - keep))
  for (const f of removed) await rm(join(dir, f), { force: true })
  return [...removed, ...(await removeCutOff(dir, now))]
}

// What a run cut off (the process killed, shutdown_timeout_ms, a power cut) left: never taken for a backup, but as
// large as one, and no later run has its name. An hour old, it is no run still writing (the lease keeps two apart).
// FILE.PID-RANDOM.partial, or FILE.partial as earlier versions named it.
const CUT_OFF = /^lead-signals-\d{8}-\d{6}\.db(\.\d+-[0-9a-f]{8})?\.partial(-journal)?$/
const CUT_OFF_AFTER_MS = 3_600_000

async function removeCutOff(dir: string, now: number): Promise<string[]> {
  const stale: string[] = []
  for (const f of (await readdir(dir)).filter((f) => CUT_OFF.test(f)).sort()) {
    const modified = (await stat(join(dir, f)).catch(() => undefined))?.mtimeMs ?? now
    if (now - modified > CUT_OFF_AFTER_MS) stale.push(f)
  }
  for (const f of stale) await rm(join(dir, f), { force: true })
  return stale
}
