import { parseArgs } from 'node:util'
import { AppError } from '../errors'

export type Flags = Record<string, string | boolean | undefined>

/** Parses one command's flags strictly; an unknown flag is a usage error, not something to ignore. */
export function parseFlags(argv: string[], options: Record<string, { type: 'string' | 'boolean' }>) {
  try {
    const { values, positionals } = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { config: { type: 'string' }, ...options },
    })
    return { flags: values as Flags, positionals }
  } catch (e) {
    throw new AppError('invalid_request', (e as Error).message.split('\n')[0])
  }
}

export function requireFlag(flags: Flags, name: string): string {
  const value = flags[name]
  if (typeof value !== 'string' || value.trim() === '') throw new AppError('invalid_request', `--${name} is required`)
  return value
}

/** A whole number from a flag, or undefined when the flag is absent. */
export function intFlag(flags: Flags, name: string): number | undefined {
  const value = flags[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) throw new AppError('invalid_request', `--${name} must be a whole number, 0 or more`)
  return Number(value)
}
