import type { AdminDeps } from '../deps'
import { visible } from '../lib/text'
import { type Flags, unknownWord } from './args'
import { CONFIG_NOTE } from './usage'
import { commandHelp, groupHelp, seeHelp } from './help'

export type Command = (argv: string[]) => Promise<number>
type Subcommand = { usage: string; run: Command }

/**
 * Reads the configuration (--config, env, defaults), opens and migrates the database, runs, then closes it (see
 * with-deps.ts). Loaded when the command runs, not with its module: a refused option or a command's --help needs
 * neither the configuration's schema nor the database (docs/performance.md#the-command-lines-start).
 */
export async function withDeps<T>(
  flags: Flags,
  run: (deps: AdminDeps) => Promise<T>,
  opts: { create?: boolean } = {},
): Promise<T> {
  return (await import('./with-deps')).runWithDeps(flags, run, opts)
}

export function noPositionals(positionals: string[]) {
  if (positionals.length > 0) throw unknownWord(`unexpected argument "${positionals[0]}"`)
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h' || arg === 'help'

/**
 * A command group (`team create|list|set`): routes to the subcommand and answers `--help` at either level. `instead`:
 * for a subcommand the group does not have but other groups do (`signals list`), what does that job here.
 */
export function commandGroup(
  group: string,
  subs: Record<string, Subcommand>,
  instead: Record<string, string> = {},
): Command {
  const usage = () =>
    Object.values(subs)
      .map((s) => `  lead-signals ${group} ${s.usage}`)
      .join('\n')
  return async (argv) => {
    const [name, ...rest] = argv
    if (isHelp(name)) {
      console.log(groupHelp(group) ?? `usage:\n${usage()}\n\n${CONFIG_NOTE}`)
      return 0
    }
    const sub = name === undefined || !Object.hasOwn(subs, name) ? undefined : subs[name]
    if (!sub) {
      const known = Object.keys(subs).join(', ')
      if (name === undefined) throw seeHelp(unknownWord(`${group}: give a command (${known})`), [group])
      const hint = Object.hasOwn(instead, name) ? `; ${instead[name]}` : ''
      throw seeHelp(unknownWord(`${group}: unknown command "${name}" (${known})${hint}`), [group])
    }
    if (rest.some((a) => a === '--help' || a === '-h')) {
      console.log(commandHelp([group, name as string]) ?? `usage: lead-signals ${group} ${sub.usage}\n\n${CONFIG_NOTE}`)
      return 0
    }
    try {
      return await sub.run(rest)
    } catch (error) {
      throw seeHelp(error, [group, name])
    }
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
