import { join } from 'node:path'
import type { Client } from '@libsql/client'
import { hashApiKey } from '../../src/domain/keys/api-key'
import { seedTeam, testDeps } from './deps'
import { tempDir } from './temp-dirs'

/**
 * Deps on a new database file (or `url`) with a seeded team, and `counting`: its client, counting the statements run
 * through it, for a repo built over it to show when it reads and when it answers from memory.
 */
export async function countedFile(url?: string) {
  const path = join(tempDir('ls-counted-'), 'x.db')
  const { deps } = await testDeps({ config: { database: { url: url ?? `file:${path}` } } })
  const { apiKey, team } = await seedTeam(deps)
  let statements = 0
  const counting = new Proxy(deps.database.client, {
    get: (target, prop) =>
      prop === 'execute'
        ? (...args: Parameters<Client['execute']>) => {
            statements++
            return target.execute(...args)
          }
        : Reflect.get(target, prop),
  })
  return { deps, path, counting, hash: hashApiKey(apiKey), teamId: team.id, statements: () => statements }
}
