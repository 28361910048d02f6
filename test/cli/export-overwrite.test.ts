// Issue 33 item 9: `signals export --out FILE` silently replaced a file already there. It now keeps it and says
// to add --force, which replaces it (docs/operations.md#exporting-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { writeExport } from '../../src/cli/export-output'
import { createWorkspace, ok, runCli, signalLine } from './run-cli'

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

  test('--force that fails midway (the disk full) keeps the file it was to replace, and leaves no part', async () => {
    ws.file('kept.csv', KEPT)
    const lines = Array.from({ length: 40 }, (_, i) => signalLine(`full${i}`, { content: 'x'.repeat(1500) }))
    await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('many.jsonl', lines.join('\n'))])
    // Room for the database's 32 KiB -shm file, not for the export's 100 KiB and more.
    const r = await runCli(ws, ['signals', 'export', '--team', 'acme', '--out', 'kept.csv', '--force'], {
      maxFileKiB: 36,
    })
    expect(r.code).toBe(1)
    expect(r.stderr).toBe('lead-signals: cannot write "kept.csv": the file is too large\n')
    expect(readFileSync(join(ws.dir, 'kept.csv'), 'utf8')).toBe(KEPT)
    expect(readdirSync(ws.dir).filter((f) => f.startsWith('kept.csv'))).toEqual(['kept.csv'])
  })

  test('while an export is written, its name holds nothing of it: one cut off (Ctrl-C) is never taken for a whole one', async () => {
    ws.file('old.csv', KEPT)
    for (const [name, replace, before] of [
      ['new.csv', false, undefined],
      ['old.csv', true, KEPT],
    ] as const) {
      let more: ReadableStreamDefaultController<Uint8Array> | undefined
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          more = c
        },
      })
      const send = (text: string) => more?.enqueue(new TextEncoder().encode(text))
      send('id,first row\n')
      const writing = writeExport(body, join(ws.dir, name), replace)
      await Bun.sleep(100)
      // The first rows are on disk by now, but not under the name: it is as it was (absent, or the file replaced).
      const file = join(ws.dir, name)
      expect(statSync(file, { throwIfNoEntry: false }) ? readFileSync(file, 'utf8') : undefined).toBe(before)
      send('second row\n')
      more?.close()
      expect(await writing).toBe(24)
      expect(readFileSync(file, 'utf8')).toBe('id,first row\nsecond row\n')
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(readdirSync(ws.dir).filter((f) => f.startsWith(name))).toEqual([name])
    }
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

// A file name near the system's 255-byte limit: the part written under FILE.PID.partial went past it, and the export
// failed with a raw `command_failed` line although FILE itself could be written.
describe('an export --out whose file name is near the 255-byte limit', () => {
  for (const command of [
    ['signals', 'export'],
    ['people', 'export'],
  ]) {
    test(`${command.join(' ')}: a name of 250 bytes is written, and no part is left`, async () => {
      const name = `${command[0]}-${'n'.repeat(250 - command[0].length - 5)}.csv`
      expect(Buffer.byteLength(name)).toBe(250)
      const r = await runCli(ws, [...command, '--team', 'acme', '--out', name])
      expect(r).toMatchObject({ code: 0, stderr: '' })
      expect(readFileSync(join(ws.dir, name), 'utf8').length).toBeGreaterThan(0)
      expect(readdirSync(ws.dir).filter((f) => f.includes('.partial'))).toEqual([])
    })

    test(`${command.join(' ')}: a name over the limit is one line naming --out, status 2`, async () => {
      const r = await runCli(ws, [...command, '--team', 'acme', '--out', `${'n'.repeat(256)}.csv`])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toBe('lead-signals: --out: the file name is too long (over 255 bytes); give a shorter one\n')
    })

    test(`${command.join(' ')}: a path over the system's 4,096 bytes is one line, status 2, not a raw error`, async () => {
      const path = `${Array.from({ length: 20 }, () => 'd'.repeat(250)).join('/')}/out.csv`
      const r = await runCli(ws, [...command, '--team', 'acme', '--out', path])
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toStartWith('lead-signals: cannot write "')
      expect(r.stderr).toEndWith('": the path is too long\n')
    })
  }
})
