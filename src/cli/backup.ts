import { readConfig } from '../config/read'
import { backupDatabase, restoreDatabase } from '../domain/backups/backups'
import type { BackupProgress } from '../domain/backups/stopped'
import { parseFlags, requireFlag } from './args'
import { stoppedBackup } from '../domain/backups/stopped'
import { onStopSignals } from './stop-signals'
import { noPositionals } from './common'
import { visible } from '../lib/text'
import { failureLine } from './failure-line'

// docs/operations.md#backups-and-restore

/** `backup --to FILE`: a checked, consistent copy of the embedded database, also while a server uses it. */
export async function backupCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { to: { type: 'string' } })
  noPositionals(positionals)
  const to = requireFlag(flags, 'to')
  const config = readConfig(flags.config as string | undefined)
  // Ctrl-C (or TERM) while the copy is written: its part is removed rather than left for the operator to find.
  // Only a part this command made (another backup to the same name may be writing one), and only by exiting: the
  // copy's thread is inside the engine, where stopping the thread itself crashed Bun. Once stopped, the command's own
  // end waits for the signal's: the copy ending meanwhile must not say it was written and exit 0 besides.
  const progress: BackupProgress = {}
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    stopping = true
    void stoppedBackup(signal, to, progress).then((line) => {
      // The line names FILE, and its part, as typed: shown as every echo is (docs/operations.md#command-line).
      console.error(failureLine(line))
      process.exit(1)
    })
  }
  return onStopSignals(onSignal, async () => {
    const run = await backupDatabase(config, to, progress).then(
      (written) => ({ written }),
      (err: unknown) => ({ err }),
    )
    if (stopping) await new Promise<never>(() => {})
    if ('err' in run) throw run.err
    // FILE as typed, its control and direction characters shown as U+FFFD: a terminal must not run what was pasted.
    console.log(`backup written: ${visible(to)} (${run.written.bytes} bytes, integrity_check ok)`)
    return 0
  })
}

/** `restore --from FILE`: replaces the embedded database with a checked backup; refused while it is in use. */
export async function restoreCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { from: { type: 'string' } })
  noPositionals(positionals)
  const from = requireFlag(flags, 'from')
  const restore = restoreDatabase(readConfig(flags.config as string | undefined), from)
  // Ctrl-C (or TERM) ended the process without a word, even once the backup was committed and only the rewrite of
  // the file (VACUUM) was left: the operator could not tell whether the restore had happened. The restore runs on a
  // thread of its own, so this thread answers; it exits rather than stop that thread, which crashed Bun.
  const onSignal = (signal: NodeJS.Signals) => {
    restore.abandon()
    console.error(
      restore.committed()
        ? `lead-signals: restore: stopped by ${signal}: the backup is in place, but the rewrite of the file without what it replaced was cut; run restore again to finish it`
        : `lead-signals: restore: stopped by ${signal} before the backup was in place; nothing was changed`,
    )
    process.exit(1)
  }
  await onStopSignals(onSignal, () => restore.done)
  console.log('database restored; the next start applies any migrations this version adds')
  return 0
}
