// docs/operations.md#command-line: the commands whose first use takes several options or arguments show an example in
// their --help, the same lines the README and docs give; an example's options are the command's own. They showed none,
// so `webhook add --help` left the reader to assemble --kind, --to, --cadence and --quiet-hours from the usage alone.
import { afterAll, expect, setDefaultTimeout, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, runCli } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)
const ws = createWorkspace()
afterAll(() => ws.cleanup())

const WITH_EXAMPLE = [
  ['team', 'create'],
  ['keyword', 'add'],
  ['icp', 'add'],
  ['user', 'create'],
  ['signals', 'export'],
  ['signals', 'import'],
  ['webhook', 'add'],
  ['backup'],
  ['restore'],
  ['poll'],
]

test('an example under the options, of that command, using only its options', async () => {
  for (const words of WITH_EXAMPLE) {
    const r = await runCli(ws, [...words, '--help'])
    expect({ words, code: r.code }).toEqual({ words, code: 0 })
    const paragraphs = r.stdout.trimEnd().split('\n\n')
    const example = paragraphs.find((p) => p.startsWith('example:'))
    expect({ words, example: example !== undefined }).toEqual({ words, example: true })
    // Just before the --config note.
    expect(paragraphs.indexOf(example as string)).toBe(paragraphs.length - 2)
    const lines = (example as string).split('\n').slice(1)
    expect(lines[0]).toStartWith(`  lead-signals ${words.join(' ')} `)
    const usage = paragraphs[0] as string
    for (const option of (example as string).match(/--[a-z][a-z-]*/g) ?? [])
      expect({ words, option, inUsage: usage.includes(option) }).toEqual({ words, option, inUsage: true })
  }
})
