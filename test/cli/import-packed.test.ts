// A JSON Lines export compressed to be moved (signals.jsonl.gz), zipped, or saved as UTF-16 (Windows PowerShell's >)
// was rejected line by line as 'not UTF-8 text (save the file as UTF-8)', advice that fits none of them. The first
// line now says what the file is and what to give instead (docs/operations.md#importing-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createWorkspace, ok, query, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
const JSONL = `${[signalLine('packed-1'), signalLine('packed-2')].join('\n')}\n`
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

const firstLine = async (name: string, bytes: Uint8Array) => {
  writeFileSync(join(ws.dir, name), bytes)
  const r = await runCli(ws, ['signals', 'import', '--team', 'acme', name])
  expect(r.code).toBe(1)
  expect(await query(ws, 'SELECT id FROM signals')).toEqual([])
  return r.stderr.split('\n')[0]
}

describe('signals import of a file that is not text', () => {
  test('gzip-compressed: says so, and how to read it', async () => {
    expect(await firstLine('signals.jsonl.gz', gzipSync(JSONL))).toBe(
      'line 1: not UTF-8 text: this is a gzip-compressed file; give the file it holds (signals import --team TEAM <(zcat FILE) reads it as it is uncompressed)',
    )
  })

  test('a zip archive: says so', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), Buffer.from(JSONL)])
    expect(await firstLine('signals.zip', zip)).toBe(
      'line 1: not UTF-8 text: this is a zip archive; unpack it and give the JSON Lines file it holds',
    )
  })

  test('UTF-16, with its byte order mark: says so', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSONL, 'utf16le')])
    expect(await firstLine('signals-utf16.jsonl', utf16)).toBe(
      "line 1: not UTF-8 text: this is UTF-16 text (as Windows PowerShell's > writes it); save the file as UTF-8",
    )
  })
})
