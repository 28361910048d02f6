import { ConfigError } from '../config/load'
import { AppError } from '../domain/errors'
import { createLogger } from '../lib/log'
import { ScorerSetupError } from '../scorers/registry'
import { serve } from './serve'

type Command = (argv: string[]) => Promise<number>

const COMMANDS: Record<string, Command> = {
  serve,
}

export const USAGE = `usage: lead-signals <command> [options]

  serve [--demo]                 migrate, then serve HTTP
  migrate                        apply pending migrations and exit
  team create|list|set           teams and their plans
  key create|list|revoke         API keys
  keyword add|list|remove        tracked keywords
  icp add|list|remove            ideal-customer profiles
  signals import                 import signals from JSON Lines

Every command accepts --config FILE.`

/** Runs one command; returns the exit status. Failures print one line on stderr (contract §3). */
export async function dispatch(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  const command = name ? COMMANDS[name] : undefined
  if (!command) {
    if (name && name !== 'help' && name !== '--help') console.error(`lead-signals: unknown command "${name}"`)
    console.error(USAGE)
    return name === 'help' || name === '--help' ? 0 : 2
  }
  try {
    return await command(rest)
  } catch (error) {
    return reportFailure(error)
  }
}

function reportFailure(error: unknown): number {
  if (error instanceof ConfigError || error instanceof ScorerSetupError) {
    console.error(`lead-signals: ${error.message}`)
    return 2
  }
  if (error instanceof AppError) {
    console.error(`lead-signals: ${error.message}`)
    return error.kind === 'invalid_request' ? 2 : 1
  }
  // Anything else is unexpected: one structured line, redacted by the logger (no stack, no paths).
  createLogger().error('command_failed', { err: error })
  return 1
}
