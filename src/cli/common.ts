import { isAbsolute } from 'node:path'
import type { Config } from '../config/schema'
import { readConfig } from '../config/read'
import { buildAdminDeps, type Deps, missingDatabaseFile } from '../deps'
import { AppError } from '../errors'
import { visible } from '../lib/text'
import { writeRefusedAs } from '../domain/health/readiness'
import { type Flags, usageError } from './args'
import { CONFIG_NOTE } from './usage'

export type Command = (argv: string[]) => Promise<number>
export type Subcommand = { usage: string; run: Command }

/**
 * Reads the configuration (--config, env, defaults), opens and migrates the database, runs, then closes it. Only a
 * command that starts a database (`team create`) passes `create`; the others refuse a missing database file.
 */
export async function withDeps<T>(
  flags: Flags,
  run: (deps: Deps) => Promise<T>,
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

export function noPositionals(positionals: string[]) {
  if (positionals.length > 0) throw usageError(`unexpected argument "${positionals[0]}"`)
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h' || arg === 'help'

/** A command group (`team create|list|set`): routes to the subcommand and answers `--help` at either level. */
export function commandGroup(group: string, subs: Record<string, Subcommand>): Command {
  const usage = () =>
    Object.values(subs)
      .map((s) => `  lead-signals ${group} ${s.usage}`)
      .join('\n')
  return async (argv) => {
    const [name, ...rest] = argv
    if (isHelp(name)) {
      console.log(`usage:\n${usage()}\n\n${CONFIG_NOTE}`)
      return 0
    }
    const sub = name === undefined || !Object.hasOwn(subs, name) ? undefined : subs[name]
    if (!sub) {
      const known = Object.keys(subs).join(', ')
      throw new AppError(
        'invalid_request',
        name === undefined ? `${group}: give a command (${known})` : `${group}: unknown command "${name}" (${known})`,
      )
    }
    if (rest.some((a) => a === '--help' || a === '-h')) {
      console.log(`usage: lead-signals ${group} ${sub.usage}`)
      return 0
    }
    return sub.run(rest)
  }
}

/** Left-aligned columns separated by two spaces. */
export function formatTable(headers: string[], written: string[][]): string {
  // Cells hold text others wrote (a registered OAuth client's name, a key's label): shown, never run by a terminal.
  const rows = written.map((r) => r.map(visible))
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)))
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd()
  return [line(headers), ...rows.map(line)].join('\n')
}

export const printJson = (value: unknown) => console.log(JSON.stringify(value))
