import { parseArgs } from 'node:util'
import { AppError } from '../errors'
import { nearest } from '../lib/nearest'

export type Flags = Record<string, string | boolean | undefined>

/** Parses one command's flags strictly; an unknown flag is a usage error, not something to ignore. */
export function parseFlags(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>) {
  try {
    const { values, positionals } = parseArgs({
      args: negativesJoined(argv, options),
      allowPositionals: true,
      strict: true,
      options: { config: { type: 'string' }, ...options },
    })
    return { flags: values as Flags, positionals }
  } catch (e) {
    const unknown = /^Unknown option '([^']+)'/.exec((e as Error).message)
    if (unknown) throw unknownOption(unknown[1] as string, Object.keys(options))
    const ambiguous = /^Option '(--[^']+)' argument is ambiguous/.exec((e as Error).message)
    if (ambiguous) throw dashValue(ambiguous[1] as string, argv)
    // Node's own words ("Option '--name <value>' argument missing") name neither this command line nor the fix.
    const missing = /^Option '(--[^ ']+)[^']*' argument missing/.exec((e as Error).message)
    if (missing) throw missingValue(missing[1] as string)
    // Node's advice on '--' after an unknown option is about its own parser, not this command line.
    throw usageError((e as Error).message.split('\n')[0].replace(/\. To specify a positional argument.*$/, ''))
  }
}

/**
 * `--credits -5`: the parser reads "-5" as an option, and the way out it would be given (`--credits=-5`) is refused in
 * turn when the option takes no negative number. No option starts with a digit, so a negative number after an option
 * that takes a value is that value, and the option's own check says what it takes.
 */
function negativesJoined(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>): string[] {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') return [...out, ...argv.slice(i)]
    const next = argv[i + 1]
    const takesValue = arg === '--config' || options[arg.slice(2)]?.type === 'string'
    if (arg.startsWith('--') && takesValue && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${arg}=${next}`)
      i++
    } else out.push(arg)
  }
  return out
}

/**
 * `--description "- a list item"`: the parser reads the value as another option. Its own message
 * ("argument is ambiguous") names no way out; this one shows the value joined to its option, which the parser takes.
 */
// What an option's value is called where the refusal says how to write it: --config's is a file.
const VALUE_NAMES: Record<string, string> = { '--config': 'FILE' }

/** An option that takes a value, given last without one (also --config before the command: global-options.ts). */
export const missingValue = (option: string) =>
  usageError(`${option} is given without a value: write ${option} ${VALUE_NAMES[option] ?? 'VALUE'}`)

/** An option whose value starts with a dash, which reads as an option: the way to write it joined. */
export function dashValue(option: string, argv: string[]): AppError {
  const value = argv[argv.indexOf(option) + 1] ?? ''
  const joined =
    value.length > 40 || value.includes("'")
      ? `${option}=VALUE`
      : /[\s"\\$`]/.test(value)
        ? `'${option}=${value}'`
        : `${option}=${value}`
  return usageError(
    `${option} takes a value, and "${value.slice(0, 40)}" starts with "-", which reads as an option: write ${joined}`,
  )
}

// Options people type for what is a setting of the configuration file (docs/operations.md#configuration).
const SETTINGS: Record<string, string> = { '--port': 'server.port', '--host': 'server.host' }

/** An option the command does not take, with the one it most likely meant, else the ones it takes. */
/**
 * A word the command does not take (an option, a subcommand, an argument): the dispatcher adds which --help to read,
 * which the parser that meets it does not know (docs/operations.md#command-line).
 */
export class UnknownWord extends AppError {}

export function unknownOption(typed: string, names: string[]): AppError {
  const options = [...names.filter((n) => n !== 'config'), 'config'].map((n) => `--${n}`)
  const near = nearest(typed, options)
  const setting = SETTINGS[typed.split('=')[0] as string]
  const hint = near
    ? `did you mean "${near}"?`
    : setting
      ? `set ${setting} in the configuration file, or LEAD_SIGNALS_${setting.replace('.', '_').toUpperCase()} in the environment`
      : `the options are ${options.join(', ')}`
  return unknownWord(`unknown option "${typed}"; ${hint}`)
}

/**
 * A usage error. Under `npm start` (which runs `serve --demo`) a stray argument is most likely another command
 * (`npm start -- team list`), so the message says how to run that one.
 */
export function usageError(message: string): AppError {
  return new AppError('invalid_request', message + npmStartHint())
}

// Under "npm start" the way to run the other commands is the help to read, not a command's --help.
export const unknownWord = (message: string): AppError =>
  npmStartHint() ? usageError(message) : new UnknownWord('invalid_request', message)

const npmStartHint = () =>
  process.env.npm_lifecycle_event === 'start'
    ? '; "npm start" only serves the demo, run other commands with "npm run cli -- COMMAND"'
    : ''

export function requireFlag(flags: Flags, name: string): string {
  const value = flags[name]
  if (typeof value !== 'string' || value.trim() === '') throw new AppError('invalid_request', `--${name} is required`)
  return value
}

/** A whole number from a flag, or undefined when the flag is absent. */
export function intFlag(flags: Flags, name: string): number | undefined {
  const value = flags[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim()))
    throw new AppError('invalid_request', `--${name} must be a whole number, 0 or more`)
  return Number(value)
}
