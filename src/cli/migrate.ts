import { readConfig } from '../config/read'
import { migrateDatabase } from '../deps'
import { parseFlags } from './args'
import { noPositionals } from './common'

export async function migrateCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {})
  noPositionals(positionals)
  const config = readConfig(flags.config as string | undefined)
  const applied = await migrateDatabase(config)
  if (applied.length === 0) console.log('database is up to date')
  else console.log(`applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`)
  return 0
}
