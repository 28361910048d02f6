// `backup --to FILE` ends with the name it wrote, as the operator typed it: a name pasted with an escape sequence in it
// (a copied terminal line, a colour code) ran it on the terminal, as a failure line no longer does
// (docs/operations.md#command-line). The file keeps its name; the line shows such characters as U+FFFD.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

test(
  'the line a backup ends with shows control and direction characters of its name as U+FFFD',
  async () => {
    const name = 'x\u001b]52;c;aGk=\u0007\u202eb.db'
    const r = await runCli(ws, ['backup', '--to', name])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^backup written: x\ufffd\]52;c;aGk=\ufffd\ufffdb\.db \(\d+ bytes, integrity_check ok\)\n$/,
    )
    expect(existsSync(join(ws.dir, name))).toBe(true)
  },
  MANY_PROCESSES_MS,
)
