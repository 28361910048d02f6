import { isAbsolute } from 'node:path'
import type { Config } from '../config/schema'
import { readConfig } from '../config/read'
import { type AdminDeps, buildAdminDeps, missingDatabaseFile } from '../deps'
import { AppError } from '../errors'
import { writeRefusedAs } from '../domain/health/readiness'
import type { Flags } from './args'

/**
 * Reads the configuration (--config, env, defaults), opens and migrates the database, runs, then closes it. Only a
 * command that starts a database (`team create`) passes `create`; the others refuse a missing database file.
 */
export async function runWithDeps<T>(
  flags: Flags,
  run: (deps: AdminDeps) => Promise<T>,
  opts: { create?: boolean } = {},
): Promise<T> {
  const config = readConfig(flags.config as string | undefined)
  if (!opts.create) requireDatabaseFile(config)
  const deps = await buildAdminDeps(config)
  try {
    return await run(deps)
  } catch (err) {
    throw writeRefusedAs(err, deps)
  } finally {
    deps.database.client.close()
  }
}

/**
 * The default database file is relative to the directory a command runs in, so a command run elsewhere than serve
 * (or started by an MCP client in its own directory) would create an empty database there and then fail on an unknown
 * team or key. A command that reads a team's data says instead where it looked (docs/operations.md#database-settings).
 */
export function requireDatabaseFile(config: Config) {
  const path = missingDatabaseFile(config)
  if (path === undefined) return
  const where = isAbsolute(path) ? '' : ' under the directory this command runs in'
  throw new AppError(
    'invalid_request',
    `no database at ${path}${where}: run the command where serve runs, or with serve's --config or LEAD_SIGNALS_DATABASE_URL (serve and team create start a new database)`,
  )
}
