// `signals import --team acme /dev/urandom` (a path typed wrong) read on for ever: its bytes hold line breaks, each
// line was counted as rejected, and the only word was a count of lines checked. An endless pipe of lines was held in
// memory to 1 GiB (13 s, 1.1 GB) and then told to be saved to a file. An input whose first 1,000 lines are all
// rejected is not read further: the import stops there, exit status 2 (docs/operations.md#importing-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, dump, ok, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('one.jsonl', `${signalLine('kept-1')}\n`)])
})
afterAll(() => ws.cleanup())

const stopped = (name: string) =>
  `lead-signals: ${name}: its first 1,000 lines were all rejected (listed above), so the import stopped there and ` +
  'nothing was imported; it reads JSON Lines, one signal per line, as signals export --format jsonl writes them'

/** The lines of stderr: the listing, then the last line. */
const lines = (stderr: string) => stderr.trimEnd().split('\n')

describe('signals import of an input that holds no signal', () => {
  test('/dev/urandom named as FILE stops after its first 1,000 lines, changing nothing', async () => {
    const before = await dump(ws)
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', '/dev/urandom'], { timeoutMs: 30_000 })
    expect({ code: r.code, stdout: r.stdout, last: lines(r.stderr).at(-1) }).toEqual({
      code: 2,
      stdout: '',
      last: stopped('"/dev/urandom"'),
    })
    expect(lines(r.stderr).filter((l) => /^line \d+: /.test(l))).toHaveLength(1000)
    expect(await dump(ws)).toEqual(before)
  })

  test('an endless pipe of lines on standard input stops at once rather than filling memory', async () => {
    const piped = ['bash', '-c', 'yes "not a signal" | exec "$@"', 'bash']
    const started = performance.now()
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', '-', '--json'], { as: piped, timeoutMs: 30_000 })
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(lines(r.stderr)).toEqual([
      ...Array.from({ length: 1000 }, (_, i) => `line ${i + 1}: not valid JSON`),
      stopped('standard input'),
    ])
  })

  test('a file whose first 1,000 lines are rejected stops there, also with --skip-invalid', async () => {
    const junk = Array.from({ length: 1200 }, (_, i) => `junk ${i}`)
    ws.file('junk.jsonl', `${[...junk, signalLine('late')].join('\n')}\n`)
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', 'junk.jsonl', '--skip-invalid'])
    expect({ code: r.code, stdout: r.stdout, last: lines(r.stderr).at(-1) }).toEqual({
      code: 2,
      stdout: '',
      last: stopped('"junk.jsonl"'),
    })
    expect(lines(r.stderr)).toHaveLength(1001)
  })

  test('one signal among the first 1,000 lines keeps the whole file read, as before', async () => {
    const junk = Array.from({ length: 1200 }, (_, i) => `junk ${i}`)
    ws.file('late.jsonl', `${[...junk.slice(0, 999), signalLine('in-time'), ...junk.slice(999)].join('\n')}\n`)
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', 'late.jsonl', '--skip-invalid'])
    expect(r.code).toBe(0)
    expect(r.stdout).toStartWith('imported 1 signal, skipped 0 duplicates, rejected 1200 lines (')
  })
})
