// Issue 33 item 9: `signals export --out FILE` silently replaced a file already there. It now keeps it and says
// to add --force, which replaces it (docs/operations.md#exporting-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, readFileSync, statSync } from 'node:fs'
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

  test('--force replaces it with the export, owner-only like a new file', async () => {
    ws.file('leads.csv', KEPT)
    chmodSync(join(ws.dir, 'leads.csv'), 0o644)
    await ok(ws, ['signals', 'export', '--team', 'acme', '--out', 'leads.csv', '--force'])
    expect(readFileSync(join(ws.dir, 'leads.csv'), 'utf8')).toStartWith('id,')
    expect(statSync(join(ws.dir, 'leads.csv')).mode & 0o777).toBe(0o600)
  })

  test('--force onto a folder is refused with one line', async () => {
    mkdirSync(join(ws.dir, 'a-folder'))
    const r = await runCli(ws, ['signals', 'export', '--team', 'acme', '--out', 'a-folder', '--force'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe('lead-signals: cannot write "a-folder": it is a directory\n')
  })
})

// `--out "$FILE"` with the variable unset: there is no file to write, and no --force makes one; the line says so
// rather than "the file exists; add --force", which --force did not change.
describe('an export --out with an empty name', () => {
  for (const command of [
    ['signals', 'export'],
    ['people', 'export'],
  ])
    for (const force of [[], ['--force']])
      test(`${command.join(' ')} ${force.join(' ')}: refused, saying the name is empty`, async () => {
        const r = await runCli(ws, [...command, '--team', 'acme', '--out', '', ...force])
        expect(r.code).toBe(2)
        expect(r.stderr).toBe(
          'lead-signals: --out is empty: give a file name, or leave --out out to write to standard output\n',
        )
        expect(r.stdout).toBe('')
      })
})
