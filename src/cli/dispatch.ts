import { version } from '../../package.json'
import { ConfigError } from '../config/config-error'
import { appErrorIn, ERRORS } from '../errors'
import { journalPriority } from '../lib/journal'
import { createLogger } from '../lib/log'
import { parseFlags } from './args'
import { type Command, noPositionals } from './common'
import { moveGlobalOptions } from './global-options'
import { nearest } from '../lib/nearest'
import { failureLine } from './failure-line'
import { USAGE } from './usage'
import { commandHelp, seeHelp } from './help'

// Each command's module is loaded when it runs: `serve` brings the HTTP app, the MCP server and every route, which
// `team list` or `--version` need not parse first (docs/performance.md#the-command-lines-start).
const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve')).serve,
  migrate: async () => (await import('./migrate')).migrateCommand,
  backup: async () => (await import('./backup')).backupCommand,
  restore: async () => (await import('./backup')).restoreCommand,
  team: async () => (await import('./team')).team,
  user: async () => (await import('./user')).user,
  key: async () => (await import('./key')).key,
  keyword: async () => (await import('./keyword')).keyword,
  icp: async () => (await import('./icp')).icp,
  signals: async () => (await import('./signals')).signals,
  people: async () => (await import('./people')).people,
  poll: async () => (await import('./poll')).poll,
  platforms: async () => (await import('./platforms')).platforms,
  email: async () => (await import('./email')).email,
  scorer: async () => (await import('./scorer')).scorer,
  mcp: async () => (await import('./mcp')).mcp,
  webhook: async () => (await import('./webhook')).webhook,
  'oauth-client': async () => (await import('./oauth-client')).oauthClient,
}

/** Runs one command; returns the exit status. Failures print one line on stderr (docs/operations.md#command-line). */
export async function dispatch(argv: string[]): Promise<number> {
  let words: string[]
  try {
    words = moveGlobalOptions(argv)
  } catch (error) {
    return reportFailure(error)
  }
  const [name, ...rest] = words
  // Own names only: `constructor` or `toString` is no command, though every object has one.
  const load = name && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined
  if (!load) {
    if (name === 'help' || name === '--help' || name === '-h') {
      // `help team` as `team --help`, as `team help` already was.
      if (rest[0] !== undefined && Object.hasOwn(COMMANDS, rest[0])) return dispatch([rest[0], '--help'])
      // `help tema`: refused as `tema` would be, with the command it most likely meant, not the whole usage.
      const topic = rest[0]
      if (topic !== undefined && !topic.startsWith('-') && topic !== 'help' && topic !== 'version')
        return dispatch([topic])
      console.log(USAGE)
      return 0
    }
    if (name === 'version' || name === '--version' || name === '-v') {
      // An argument it does not take is refused, as every command refuses one; --help is help, as anywhere
      // (docs/operations.md#command-line).
      if (rest.some((a) => a === '--help' || a === '-h')) return dispatch(['--help'])
      try {
        noPositionals(parseFlags(rest, {}).positionals)
      } catch (error) {
        return reportFailure(error)
      }
      const { SCHEMA } = await import('../domain/health/schema')
      console.log(`lead-signals ${version} (database schema ${SCHEMA})`)
      return 0
    }
    // docs/operations.md#command-line: a failure is one line on stderr; the full usage only when no command was given
    // at all.
    const near = name ? nearest(name, Object.keys(COMMANDS)) : undefined
    const hint = near ? `did you mean "${near}"? ` : ''
    if (!name) console.error(USAGE)
    else sayFailure(`unknown command "${name}"; ${hint}"lead-signals --help" lists the commands`)
    return 2
  }
  // Every command answers --help with its lines of the usage, the groups' (team, key, …) their own way; also after
  // other options (`backup --to x --help`), as a group's commands do.
  if (rest.some((a) => a === '--help' || a === '-h') && !GROUPS.has(name as string)) {
    console.log(commandHelp([name as string]) ?? USAGE)
    return 0
  }
  try {
    return await (await load())(rest)
  } catch (error) {
    // A group's commands name their own --help (common.ts).
    return reportFailure(GROUPS.has(name as string) ? error : seeHelp(error, [name as string]))
  }
}

// A refusal may echo what was typed (a team, a plan, a file name): shown bounded, its control and direction characters
// as U+FFFD, so a pasted escape sequence is not run by the terminal (failure-line.ts).
// An error in the journal too (journal.ts): the line `systemctl status` shows when serve stops.
const sayFailure = (message: string) =>
  console.error(`${journalPriority()?.('error') ?? ''}lead-signals: ${failureLine(message)}`)

async function reportFailure(error: unknown): Promise<number> {
  if (error instanceof ConfigError) {
    sayFailure(error.message)
    return 2
  }
  // Also when a query builder wrapped it (a database locked for too long, a libSQL server out of reach).
  const known = appErrorIn(error)
  if (known) {
    sayFailure(known.message)
    return ERRORS[known.kind].exit
  }
  // A database that cannot be opened or written (a read-only file or folder, a full disk) is the operator's to fix:
  // one line naming the setting and why, as serve says it (docs/operations.md#running-it).
  // Loaded on this path only: it brings the storage engine, which a refused option or `--version` does not need.
  const { unwritable } = await import('../domain/health/readiness')
  const storage = appErrorIn(unwritable(error))
  if (storage) {
    sayFailure(storage.message)
    return ERRORS[storage.kind].exit
  }
  // Anything else is unexpected: one structured line, redacted by the logger (no stack, no paths), naming the
  // driver's error rather than a query builder's wrapper, whose message carries the SQL and its parameters.
  createLogger().error('command_failed', { err: innermost(error) })
  return 1
}

function innermost(error: unknown): unknown {
  let e = error
  for (let depth = 0; e instanceof Error && e.cause instanceof Error && depth < 5; depth++) e = e.cause
  return e
}

/** The commands with subcommands (`team create`), which answer --help their own way. */
export const GROUPS = new Set([
  'team',
  'user',
  'key',
  'keyword',
  'icp',
  'signals',
  'people',
  'platforms',
  'email',
  'scorer',
  'webhook',
  'oauth-client',
])
