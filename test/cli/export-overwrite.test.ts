// Issue 33 item 9: `signals export --out FILE` silently replaced a file already there. It now keeps it and says
// to add --force, which replaces it (docs/operations.md#exporting-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createWorkspace, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

const KEPT = 'a file the user wanted to keep\n'

describe('signals export --out onto an existing file', () => {
  test('is refused with one line naming --force, and the file is left as it was', async () => {
    ws.file('leads.csv', KEPT)
    const r = await runCli(ws, ['signals', 'export', '--team', 'acme', '--out', 'leads.csv'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('lead-signals: cannot write "leads.csv": the file exists; add --force to replace it\n')
    expect(readFileSync(join(ws.dir, 'leads.csv'), 'utf8')).toBe(KEPT)
  })

  test('--force replaces it with the export', async () => {
    ws.file('leads.csv', KEPT)
    await ok(ws, ['signals', 'export', '--team', 'acme', '--out', 'leads.csv', '--force'])
    expect(readFileSync(join(ws.dir, 'leads.csv'), 'utf8')).toStartWith('id,')
  })
})
