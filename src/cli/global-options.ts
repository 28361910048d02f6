import { nearest } from '../lib/nearest'
import { dashValue, missingValue, usageError } from './args'

const FIRST = ['--help', '--version', '--config']

/**
 * docs/operations.md#command-line: options every command takes may come before the command
 * (`lead-signals --config x.toml team list`). Returns the words from the command on, with those options moved to the
 * end, where each command's own parser reads them; `--help` and `--version` there are left for the dispatcher.
 */
export function moveGlobalOptions(argv: string[]): string[] {
  const moved: string[] = []
  let i = 0
  for (; i < argv.length; i++) {
    const arg = argv[i] as string
    if (!arg.startsWith('-') || ['--help', '-h', '--version', '-v'].includes(arg)) break
    if (arg.startsWith('--config=')) moved.push(arg)
    else if (arg === '--config') {
      // Refused in the words of the same mistake after the command (args.ts).
      const file = argv[i + 1]
      if (file === undefined) throw missingValue(arg)
      if (file.startsWith('-')) throw dashValue(arg, argv)
      moved.push(arg, file)
      i++
    } else {
      // A near miss of an option that may stand first is that option misspelt, not one in the wrong place.
      const meant = nearest(arg.split('=')[0] as string, FIRST)
      throw usageError(
        meant
          ? `unknown option "${arg}"; did you mean "${meant}"?`
          : `unknown option "${arg}" before the command; only --config FILE may come before the command`,
      )
    }
  }
  const rest = argv.slice(i)
  if (moved.length === 0) return rest
  if (rest.length === 0) throw usageError('give a command after --config FILE ("lead-signals --help" lists them)')
  if (rest.some((a) => a === '--config' || a.startsWith('--config=')))
    throw usageError('--config is given twice, before the command and after it; give it once')
  return [...rest, ...moved]
}
