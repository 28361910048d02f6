import { version } from '../../package.json'
import { ConfigError } from '../config/load'
import { appErrorIn, ERRORS } from '../errors'
import { unwritable } from '../domain/health/readiness'
import { createLogger } from '../lib/log'
import { SCHEMA } from '../deps'
import { backupCommand, restoreCommand } from './backup'
import type { Command } from './common'
import { moveGlobalOptions } from './global-options'
import { nearest } from '../lib/nearest'
import { USAGE } from './usage'
import { email } from './email'
import { icp } from './icp'
import { key } from './key'
import { keyword } from './keyword'
import { mcp } from './mcp'
import { oauthClient } from './oauth-client'
import { people } from './people'
import { migrateCommand } from './migrate'
import { platforms } from './platforms'
import { poll } from './poll'
import { scorer } from './scorer'
import { serve } from './serve'
import { signals } from './signals'
import { team } from './team'
import { user } from './user'
import { webhook } from './webhook'

const COMMANDS: Record<string, Command> = {
  serve,
  migrate: migrateCommand,
  backup: backupCommand,
  restore: restoreCommand,
  team,
  user,
  key,
  keyword,
  icp,
  signals,
  people,
  poll,
  platforms,
  email,
  scorer,
  mcp,
  webhook,
  'oauth-client': oauthClient,
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
  const command = name ? COMMANDS[name] : undefined
  if (!command) {
    if (name === 'help' || name === '--help' || name === '-h') {
      console.log(USAGE)
      return 0
    }
    if (name === 'version' || name === '--version' || name === '-v') {
      console.log(`lead-signals ${version} (database schema ${SCHEMA})`)
      return 0
    }
    // docs/operations.md#command-line: a failure is one line on stderr; the full usage only when no command was given at all.
    const near = name ? nearest(name, Object.keys(COMMANDS)) : undefined
    const hint = near ? `did you mean "${near}"? ` : ''
    console.error(
      name ? `lead-signals: unknown command "${name}"; ${hint}"lead-signals --help" lists the commands` : USAGE,
    )
    return 2
  }
  // Every command answers --help with its lines of the usage, the groups' (team, key, …) their own way.
  if ((rest[0] === '--help' || rest[0] === '-h') && !GROUPS.has(name as string)) {
    console.log(usageOf(name as string))
    return 0
  }
  try {
    return await command(rest)
  } catch (error) {
    return reportFailure(error)
  }
}

function reportFailure(error: unknown): number {
  if (error instanceof ConfigError) {
    console.error(`lead-signals: ${error.message}`)
    return 2
  }
  // Also when a query builder wrapped it (a database locked for too long, a libSQL server out of reach).
  const known = appErrorIn(error)
  if (known) {
    console.error(`lead-signals: ${known.message}`)
    return ERRORS[known.kind].exit
  }
  // A database that cannot be opened or written (a read-only file or folder, a full disk) is the operator's to fix:
  // one line naming the setting and why, as serve says it (docs/operations.md#running-it).
  const storage = appErrorIn(unwritable(error))
  if (storage) {
    console.error(`lead-signals: ${storage.message}`)
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

const GROUPS = new Set([
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

/** The lines of USAGE for one command (and the lines that continue them). */
function usageOf(name: string): string {
  const lines = USAGE.split('\n')
  const out: string[] = []
  let inside = false
  for (const line of lines) {
    if (/^ {2}\S/.test(line)) inside = line.startsWith(`  ${name} `) || line === `  ${name}`
    if (inside) out.push(line)
  }
  return out.length > 0 ? `usage:\n${out.join('\n')}` : USAGE
}
