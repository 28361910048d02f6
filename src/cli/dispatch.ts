import { version } from '../../package.json'
import { ConfigError } from '../config/load'
import { appErrorIn, ERRORS } from '../errors'
import { createLogger } from '../lib/log'
import { backupCommand, restoreCommand } from './backup'
import type { Command } from './common'
import { moveGlobalOptions } from './global-options'
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
  mcp,
  webhook,
  'oauth-client': oauthClient,
}

export const USAGE = `usage: lead-signals <command> [options]

  serve [--demo]                                       migrate, then serve HTTP
  migrate                                              apply pending migrations and exit
  backup --to FILE                                     a checked copy of the embedded database, also while serving
  restore --from FILE                                  replace the embedded database with a backup (server stopped)
  team create --name NAME --plan PLAN [--credits N] [--json]
  team list [--json]                                   plan, usage this month, credits
  team set --team TEAM [--plan PLAN] [--credits N]
  team remove --team TEAM --yes                        the team and everything it holds (keys, users, signals…)
  user create --team TEAM --email EMAIL [--role owner|member]
                                                       a console user; password on stdin (prompted on a terminal)
  user list --team TEAM [--json]
  user remove --team TEAM --email EMAIL
  user password --email EMAIL                          a new password (stdin); ends the user's sessions
  key create --team TEAM [--name LABEL] [--json]       a new API key, shown once
  key list --team TEAM [--json]
  key revoke --team TEAM PREFIX|KEY                    by the prefix "key list" shows, or the whole key
  keyword add|remove --team TEAM KEYWORD...            tracked keywords
  keyword list --team TEAM [--json]
  icp add --team TEAM --name NAME --description TEXT [--competitors "A, B"]   ideal-customer profiles
  icp list --team TEAM [--json]
  icp remove --team TEAM --name NAME
  signals import --team TEAM FILE [--skip-invalid] [--json]
                                                       JSON Lines, one signal per line ("-": stdin)
  signals export --team TEAM [--format csv|jsonl] [--keyword K] [--intent I] [--platform P] [--min-score N]
                 [--since DATE] [--out FILE [--force]]     the team's signals as CSV or JSON Lines (stdout by default)
  people export --team TEAM [--format csv|jsonl] [--out FILE [--force]]
                                                       the team's people, one record per person (stdout by default)
  webhook add --team TEAM (--url URL | --to ADDRESS) [--kind webhook|slack|discord|teams|email]
              [--cadence instant|hourly|daily|weekly] [--digest-hour H] [--time-zone ZONE] [--quiet-hours FROM-TO]
              [--min-score N] [--intents A,B] [--keywords A,B] [--platforms A,B] [--disabled] [--json]
                                                       a destination for new signals; its secret is shown once
  webhook list --team TEAM [--json]
  webhook remove|test --team TEAM ENDPOINT_ID          remove one / send it a test event now
  oauth-client list [--json]                           the OAuth clients apps registered; how many users allowed each
  oauth-client remove CLIENT_ID                        remove one, with its grants and tokens
  poll --once [--team TEAM] [--json]                   one keyword-polling pass now; prints what it found
  platforms check [--platform PLATFORM] [--json]       one small real search per configured platform: ok, or why not
  email check [--json]                                 connect, TLS and sign in to the [email] SMTP server: ok, or why not
  mcp [--api-key KEY]                                  MCP tools over stdio for the key's team (or LEAD_SIGNALS_API_KEY)
  --version                                            print the version

TEAM is a team id or name. Every command accepts --config FILE, before the command or after it.`

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
      console.log(`lead-signals ${version}`)
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

/** The command a typo most likely meant: at most two letters apart. */
function nearest(typed: string, names: string[]): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const n of names) {
    const d = distance(typed, n)
    if (d < bestDistance) [best, bestDistance] = [n, d]
  }
  return best
}

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(
        (row[j] as number) + 1,
        (next[j - 1] as number) + 1,
        (row[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
    row = next
  }
  return row[b.length] as number
}
