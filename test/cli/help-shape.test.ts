// docs/operations.md#command-line: every command's --help has one shape: its usage, what it does, its options, and the
// one option every command takes. `team create --help` printed its usage line alone, while `team --help` added the
// --config note and `serve --help` what it does; a group's --help dropped what each of its commands does, which
// `--help` says.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)
const ws = createWorkspace()
afterAll(() => ws.cleanup())

const SINGLE = ['serve', 'migrate', 'backup', 'restore', 'poll', 'mcp']
const GROUPS: Record<string, string[]> = {
  team: ['create', 'list', 'set', 'remove'],
  user: ['create', 'list', 'remove', 'password'],
  key: ['create', 'list', 'revoke'],
  keyword: ['add', 'list', 'remove'],
  icp: ['add', 'list', 'remove'],
  signals: ['import', 'export'],
  people: ['export', 'forget'],
  webhook: ['add', 'list', 'remove', 'test'],
  'oauth-client': ['list', 'remove'],
  platforms: ['check'],
  email: ['check'],
  scorer: ['check'],
}
const NOTE = 'Every command accepts --config FILE.'

/** The paragraphs of a --help: usage, what it does, the --config note. */
const paragraphs = (out: string) => out.trimEnd().split('\n\n')

describe('one command --help', () => {
  const commands = [
    ...SINGLE.map((c) => [c]),
    ...Object.entries(GROUPS).flatMap(([g, subs]) => subs.map((s) => [g, s])),
  ]
  for (const words of commands)
    test(`${words.join(' ')} --help: usage, what it does, the --config note; exit 0 on stdout`, async () => {
      const r = await runCli(ws, [...words, '--help'])
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' })
      const [usage, what, ...rest] = paragraphs(r.stdout)
      // The options its usage names, each with what it does, when it names any.
      const named = [...new Set((usage ?? '').match(/--[a-z][a-z-]*/g) ?? [])]
      const options = named.length > 0 ? rest.shift() : undefined
      if (named.length > 0) {
        const lines = (options ?? '').split('\n')
        expect(lines[0]).toBe('options:')
        expect(lines.slice(1).map((l) => /^ {2}(--[a-z-]+) +\S/.exec(l)?.[1])).toEqual(named)
      }
      // An example, where one helps (help-examples.test.ts).
      if (rest[0]?.startsWith('example:')) rest.shift()
      const [note, ...more] = rest
      expect(usage).toStartWith(`usage: lead-signals ${words.join(' ')}`)
      // What it does, in words: not a usage line, not the note.
      expect(what ?? '').toMatch(/^[a-z(][^\n]{8,}/i)
      expect(what).not.toContain('lead-signals')
      expect(note).toBe(NOTE)
      expect(more).toEqual([])
    })
})

test('a group --help names each of its commands with what it does and its options, then the --config note', async () => {
  for (const [group, subs] of Object.entries(GROUPS)) {
    const r = await runCli(ws, [group, '--help'])
    expect({ group, code: r.code, stderr: r.stderr }).toEqual({ group, code: 0, stderr: '' })
    // One paragraph a command, then the note.
    const all = paragraphs(r.stdout)
    const note = all.pop()
    const usage = all.join('\n')
    expect(note).toBe(NOTE)
    const lines = (usage ?? '').split('\n')
    expect(lines[0]).toBe('usage:')
    for (const sub of subs) {
      const at = lines.findIndex((l) => l.startsWith(`  lead-signals ${group} ${sub}`))
      expect({ group, sub, found: at > 0 }).toEqual({ group, sub, found: true })
      // The line after the usage (and its continuations) says what it does, indented under it.
      const next = lines.findIndex((l, i) => i > at && l.startsWith('  lead-signals '))
      const described = lines.slice(at + 1, next < 0 ? undefined : next).find((l) => /^ {6}\S/.test(l))
      expect({ group, sub, described: described !== undefined }).toEqual({ group, sub, described: true })
      // Its options, each with what it takes, under it: `keyword --help` showed `--team TEAM` and `[--json]` with
      // nothing saying what either is, so a reader had to guess or run each command's own --help.
      const block = lines.slice(at, next < 0 ? undefined : next)
      const usage = block.slice(0, block.indexOf(described as string)).join(' ')
      const named = [...new Set(usage.match(/--[a-z][a-z-]*/g) ?? [])]
      const listed = block.map((l) => /^ {8}(--[a-z-]+) {2,}\S/.exec(l)?.[1]).filter(Boolean)
      expect({ group, sub, listed }).toEqual({ group, sub, listed: named })
      if (named.length > 0)
        expect({ group, sub, heading: block.includes('      options:') }).toEqual({ group, sub, heading: true })
    }
  }
})
