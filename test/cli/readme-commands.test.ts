// Issue 33 item 9: the README's table of commands left out the user commands. Every command `lead-signals --help`
// lists must have its row there (README.md, "Commands", and docs/operations.md#command-line), and the tables name
// no command that does not exist.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createWorkspace, ok } from './run-cli'

const read = (path: string) => readFileSync(resolve(import.meta.dir, '../..', path), 'utf8')

/** `keyword add|remove …` as `keyword add` and `keyword remove`; a command without subcommands as its name alone. */
function commandsIn(line: string): string[] {
  const m = /^([a-z][\w-]*)(?: ([a-z][\w-]*(?:\\?\|[a-z][\w-]*)*))?/.exec(line)
  if (!m) return []
  const group = m[1] as string
  return m[2] ? m[2].split(/\\?\|/).map((sub) => `${group} ${sub}`) : [group]
}

/**
 * The commands a file's table under `heading` names: each code span that starts a row's first cell or follows a
 * " / ".
 */
function tableCommands(path: string, heading: string): Set<string> {
  const text = read(path)
  const start = text.indexOf(heading)
  const section = text.slice(start, text.indexOf('\n## ', start))
  const found = new Set<string>()
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const firstCell = row.slice(2, row.indexOf('` |') + 1)
    for (const span of firstCell.split(/`\s*\/\s*`/))
      for (const c of commandsIn(span.replace(/^`|`$/g, ''))) found.add(c)
  }
  return found
}

// docs/operations.md's table of commands left out `people forget`, which --help and the README list.
for (const [path, heading] of [
  ['README.md', '### Commands'],
  ['docs/operations.md', '## Command line'],
] as const)
  describe(`the table of commands in ${path}`, () => {
    test('has a row for every command of lead-signals --help, the user commands among them', async () => {
      const ws = createWorkspace()
      try {
        const usage = await ok(ws, ['--help'])
        const listed = usage
          .split('\n')
          .filter((l) => /^ {2}[a-z]/.test(l))
          .flatMap((l) => commandsIn(l.trim()))
        expect(listed).toContain('user create')
        const inTable = tableCommands(path, heading)
        expect(listed.filter((c) => !inTable.has(c))).toEqual([])
        expect([...inTable].filter((c) => !listed.includes(c))).toEqual([])
      } finally {
        ws.cleanup()
      }
    })
  })
