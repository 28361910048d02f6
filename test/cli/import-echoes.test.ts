// A rejected line's unknown field was printed on stderr by its name as the file wrote it: an escape sequence in the
// name (retitle or clear the window, OSC 52: write the clipboard) was run by the terminal, and a name of a megabyte
// printed a megabyte, for each of the thousand lines listed (and held in memory until then). A field's name is now
// shown as any echo is: control and direction characters as U+FFFD, cut at 60 characters
// (docs/operations.md#importing-signals, docs/api.md#requests-and-responses).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, ok, query, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

const withField = (postId: string, name: string) => {
  const line = JSON.parse(signalLine(postId))
  line[name] = 1
  return JSON.stringify(line)
}

describe('signals import: an unknown field named by the file', () => {
  test('is shown without its control characters, and cut short', async () => {
    ws.file(
      'named.jsonl',
      `${[
        withField('e1', '\u001b]0;owned\u0007\u001b[2Jtitle'),
        withField('e2', '\u202eright to left'),
        withField('e3', `long${'x'.repeat(100_000)}`),
      ].join('\n')}\n`,
    )
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', 'named.jsonl'])
    expect(r.code).toBe(1)
    expect(r.stderr.split('\n').slice(0, 3)).toEqual([
      'line 1: \ufffd]0;owned\ufffd\ufffd[2Jtitle: unknown field',
      'line 2: \ufffdright to left: unknown field',
      `line 3: long${'x'.repeat(55)}…: unknown field`,
    ])
    expect(r.stderr.length).toBeLessThan(1000)
    expect(await query(ws, 'SELECT id FROM signals')).toEqual([])
  })
})
