import { readConfig } from '../config/read'
import { backupDatabase, restoreDatabase } from '../domain/backups/backups'
import { parseFlags, requireFlag } from './args'
import { noPositionals } from './common'

// docs/operations.md#backups-and-restore

/** `backup --to FILE`: a checked, consistent copy of the embedded database, also while a server uses it. */
export async function backupCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { to: { type: 'string' } })
  noPositionals(positionals)
  const to = requireFlag(flags, 'to')
  const { bytes } = await backupDatabase(readConfig(flags.config as string | undefined), to)
  console.log(`backup written: ${to} (${bytes} bytes, integrity_check ok)`)
  return 0
}

/** `restore --from FILE`: replaces the embedded database with a checked backup; refused while it is in use. */
export async function restoreCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, { from: { type: 'string' } })
  noPositionals(positionals)
  const from = requireFlag(flags, 'from')
  restoreDatabase(readConfig(flags.config as string | undefined), from)
  console.log('database restored; the next start applies any migrations this version adds')
  return 0
}
