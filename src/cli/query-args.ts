import { cleanQueries } from '../domain/keywords/keywords'
import { AppError } from '../errors'
import { shellWord } from '../lib/shell-word'
import { parseQuery } from '../query/parse'
import { unknownOption, usageError } from './args'

const STRING_FLAGS = new Set(['--team', '--config'])
const BOOLEAN_FLAGS = new Set(['--help', '-h'])

const isFlag = (arg: string) =>
  STRING_FLAGS.has(arg) || BOOLEAN_FLAGS.has(arg) || [...STRING_FLAGS].some((f) => arg.startsWith(`${f}=`))

/**
 * docs/operations.md#command-line: `keyword add --team t crm -hubspot` reaches us as the words `crm` and `-hubspot`,
 * and the option parser would call `-hubspot` the unknown options h, u, b…. A word that starts with a dash and is no
 * option of `command` is an exclusion meant for a query, so the error says to quote the query and gives the command
 * line that works: the flags as typed, then every other word as one quoted query.
 */
export function refuseUnquotedQuery(command: string, argv: string[]): void {
  const { stray, fixed } = readWords(command, argv)
  if (stray === undefined) return
  // "--tema" or "--json" is an option, mistyped or not this command's, not a query: a query's exclusions take one dash.
  if (stray.startsWith('--')) throw unknownOption(stray, ['team'])
  throw usageError(
    `${JSON.stringify(stray)} is not an option: a query containing "-term" must be quoted as one argument, as in: ${fixed}`,
  )
}

/**
 * The keywords of `keyword add`, each a query (cleanQueries). `crm OR erp` unquoted reaches us as three keywords, of
 * which `OR` alone is no query; when the words together are one, the refusal says to quote them, with the command.
 */
export function queriesOf(command: string, argv: string[], positionals: string[]): string[] {
  try {
    return cleanQueries(positionals)
  } catch (err) {
    if (!(err instanceof AppError) || positionals.length < 2 || !parseQuery(positionals.join(' ')).ok) throw err
    throw usageError(`${err.message}; as one query, quote it as one argument: ${readWords(command, argv).fixed}`)
  }
}

/** The flags as typed and the other words as one quoted query: the command line that works. */
function readWords(command: string, argv: string[]) {
  const flags: string[] = []
  const words: string[] = []
  let stray: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--') {
      words.push(...argv.slice(i + 1))
      break
    }
    if (isFlag(arg)) {
      flags.push(arg)
      if (STRING_FLAGS.has(arg) && i + 1 < argv.length) flags.push(argv[++i] as string)
      continue
    }
    if (arg.startsWith('-') && arg.length > 1) stray ??= arg
    words.push(arg)
  }
  return { stray, fixed: ['lead-signals', command, ...flags.map(shellWord), shellWord(words.join(' '))].join(' ') }
}
