// `signals import /dev/zero` read for ever (a device has no end, and its zeros no line break), and `cat /dev/zero |
// signals import -` held every byte of standard input in memory until the machine ran out. An input without a line
// break in 64 MiB is not JSON Lines: the import stops there with one line, and nothing is imported
// (docs/operations.md#importing-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { heldLines, type LineSource, MAX_RUN_BYTES } from '../../src/domain/signals/line-source'
import { createWorkspace, dump, ok, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('one.jsonl', `${signalLine('kept-1')}\n`)])
})
afterAll(() => ws.cleanup())

const STOPPED = 'bytes without a line break, so it is not JSON Lines (one signal per line); nothing was imported\n'

describe('signals import of an input without end', () => {
  test('a device without end named as FILE stops at 64 MiB without a line break, changing nothing', async () => {
    const before = await dump(ws)
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', '/dev/zero'], { timeoutMs: 60_000 })
    expect(r).toEqual({ code: 2, stdout: '', stderr: `lead-signals: "/dev/zero": 67,108,864 ${STOPPED}` })
    expect(await dump(ws)).toEqual(before)
  })

  test('standard input without end stops the same way instead of filling memory', async () => {
    const before = await dump(ws)
    const piped = ['bash', '-c', 'cat /dev/zero | exec "$@"', 'bash']
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', '-'], { as: piped, timeoutMs: 60_000 })
    expect(r).toEqual({ code: 2, stdout: '', stderr: `lead-signals: standard input: 67,108,864 ${STOPPED}` })
    expect(await dump(ws)).toEqual(before)
  })

  test('standard input held in memory stops at its bound, also when its lines do end', async () => {
    async function* endless() {
      const chunk = Buffer.from(`${signalLine('again')}\n`.repeat(100))
      for (;;) yield chunk
    }
    const readAll = async (lines: LineSource) => {
      for await (const _ of lines());
    }
    const stopped = await readAll(heldLines(endless(), 'standard input', 1 << 20)).catch((e) => e)
    expect(stopped.message).toBe(
      'standard input is over 1,048,576 bytes, more than an import holds in memory: save it to a file and import the file; nothing was imported',
    )
    const run = async function* () {
      yield Buffer.alloc(MAX_RUN_BYTES, 0x20)
      yield Buffer.from('x')
    }
    expect((await readAll(heldLines(run(), 'standard input')).catch((e) => e)).message).toBe(
      `standard input: 67,108,864 ${STOPPED.trim()}`,
    )
  })
})
