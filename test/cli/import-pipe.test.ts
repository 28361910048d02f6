// `signals import` reads its FILE twice (a check, then the store). A FILE that is a pipe can be read once: given
// a process substitution (`<(zcat signals.jsonl.gz)`) it refused the import as 'the file changed while it was being
// imported', and given a named pipe it waited for ever on the second open. A pipe is now read as `-` is, into memory
// first (docs/operations.md#importing-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createWorkspace, ok, query, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  ws.file('signals.jsonl', `${[signalLine('pipe-1'), signalLine('pipe-2')].join('\n')}\n`)
  ws.file('more.jsonl', `${[signalLine('pipe-3'), signalLine('pipe-4')].join('\n')}\n`)
})
afterAll(() => ws.cleanup())

const IMPORTED = 'imported 2 signals, skipped 0 duplicates, rejected 0 lines\n'
const stored = async (like: string) =>
  (await query(ws, 'SELECT post_id FROM signals WHERE post_id IN (?, ?) ORDER BY post_id', like.split(' '))).map(
    (r) => r.post_id,
  )

describe('signals import FILE, where FILE is a pipe', () => {
  test('a process substitution is imported whole', async () => {
    // bash hands the command a /dev/fd/N path to the pipe as its last argument.
    const substituted = ['bash', '-c', 'exec "$@" <(cat signals.jsonl)', 'bash']
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme'], { as: substituted, timeoutMs: 30_000 })
    expect(r).toEqual({ code: 0, stdout: IMPORTED, stderr: '' })
    expect(await stored('reddit:pipe-1 reddit:pipe-2')).toEqual(['reddit:pipe-1', 'reddit:pipe-2'])
  })

  test('a named pipe is imported whole instead of waiting for ever', async () => {
    const fifo = join(ws.dir, 'signals.fifo')
    expect(Bun.spawnSync(['mkfifo', fifo]).exitCode).toBe(0)
    const writer = Bun.spawn(['sh', '-c', 'cat more.jsonl > signals.fifo'], { cwd: ws.dir })
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', 'signals.fifo'], { timeoutMs: 30_000 })
    writer.kill()
    expect(r).toEqual({ code: 0, stdout: IMPORTED, stderr: '' })
    expect(await stored('reddit:pipe-3 reddit:pipe-4')).toEqual(['reddit:pipe-3', 'reddit:pipe-4'])
  })
})
