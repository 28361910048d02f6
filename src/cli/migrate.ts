import { readConfig } from '../config/read'
import { openDatabase } from '../storage/db'
import { migrate } from '../storage/migrate'
import { parseFlags } from './args'
import { noPositionals } from './common'

export async function migrateCommand(argv: string[]): Promise<number> {
  const { flags, positionals } = parseFlags(argv, {})
  noPositionals(positionals)
  const config = readConfig(flags.config as string | undefined)
  const database = await openDatabase({ url: config.database.url, authToken: config.database.auth_token })
  try {
    const applied = await migrate(database.client)
    if (applied.length === 0) console.log('database is up to date')
    else console.log(`applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}`)
    return 0
  } finally {
    database.client.close()
  }
}
