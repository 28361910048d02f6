import { AppError } from '../errors'
import { UnknownWord } from './args'
import { exampleLines, optionLines } from './help-options'
import { CONFIG_NOTE, USAGE } from './usage'

/**
 * Every command's --help in one shape, read from the lines `lead-signals --help` lists
 * (docs/operations.md#command-line): its usage, what it does, then the one option every command takes. A subcommand's
 * --help printed its usage line alone and a group's dropped what each command does, so a reader met three shapes for
 * the same question.
 */
type Entry = { usage: string[]; what: string[] }

// A line that continues an entry this far right says what it does; one less far right continues its usage.
const DESCRIBED_FROM = 40
const EXECUTABLE = 'lead-signals '

function entries(): Entry[] {
  const out: Entry[] = []
  for (const line of USAGE.split('\n')) {
    const indent = line.search(/\S/)
    if (indent === 2) {
      const [usage = '', what] = line.slice(2).split(/ {3,}/)
      out.push({ usage: [usage], what: what ? [what] : [] })
    } else if (indent > 2 && out.length > 0) {
      const last = out[out.length - 1] as Entry
      if (indent >= DESCRIBED_FROM) last.what.push(line.trim())
      else last.usage.push(`${' '.repeat(indent - 2)}${line.trim()}`)
    }
  }
  return out
}

/** The entries of a command (`team`), or of one subcommand (`team create`). */
function entriesOf(words: string[]): Entry[] {
  return entries().filter((e) => {
    const [command, sub] = (e.usage[0] as string).split(' ')
    return command === words[0] && (words.length === 1 || sub === words[1])
  })
}

/** `usage: lead-signals team create …`, what it does, its options, the --config note; undefined if not listed. */
export function commandHelp(words: string[]): string | undefined {
  const [entry] = entriesOf(words)
  if (!entry) return undefined
  const usage = entry.usage.map((l, i) => (i === 0 ? `usage: ${EXECUTABLE}${l}` : `${' '.repeat(20)}${l}`))
  const options = optionLines(words.join(' '), entry.usage.join(' '))
  const listed = options.length > 0 ? [`options:\n${options.join('\n')}`] : []
  const example = exampleLines(words.join(' '))
  if (example.length > 0) listed.push(`example:\n${example.join('\n')}`)
  return [usage.join('\n'), entry.what.join(' '), ...listed, CONFIG_NOTE].join('\n\n')
}

/**
 * A group's commands, each with what it does and its options below it, then the --config note. The options were
 * left to each command's own --help, which the group's did not name, so `keyword --help` showed `--team TEAM` and
 * `[--json]` with nothing saying what either takes.
 */
export function groupHelp(group: string): string | undefined {
  const listed = entriesOf([group])
  if (listed.length === 0) return undefined
  // One paragraph a command, so its options read as its own.
  const blocks = listed.map((e) => {
    const [, sub] = (e.usage[0] as string).split(' ')
    const options = optionLines(`${group} ${sub}`, e.usage.join(' '))
    return [
      ...e.usage.map((l, i) => (i === 0 ? `  ${EXECUTABLE}${l}` : `${' '.repeat(15)}${l}`)),
      `      ${e.what.join(' ')}`,
      ...(options.length > 0 ? ['      options:', ...options.map((l) => `      ${l}`)] : []),
    ].join('\n')
  })
  return `usage:\n${blocks.join('\n\n')}\n\n${CONFIG_NOTE}`
}

/** A word the command does not take, refused with the --help that lists what it does take; other errors as they are. */
export function seeHelp(error: unknown, words: string[]): unknown {
  if (!(error instanceof UnknownWord)) return error
  // After "did you mean …?" a semicolon would follow a question.
  const joint = error.message.endsWith('?') ? ' ' : '; '
  return new AppError(error.kind, `${error.message}${joint}see "lead-signals ${words.join(' ')} --help"`)
}
