// A JSON Lines export compressed to be moved (signals.jsonl.gz), zipped, or saved as UTF-16 (Windows PowerShell's >)
// was rejected line by line as 'not UTF-8 text (save the file as UTF-8)', advice that fits none of them. Then its
// first line said what the file is, but the lines after it were listed too ('not UTF-8 text (save the file as
// UTF-8)' for gzip, 'not valid JSON' for each line of UTF-16), with '--skip-invalid imports the valid lines' where
// none is. Such a file is refused whole, in one message saying what it is and what to give instead, and changes
// nothing, with --skip-invalid too (docs/operations.md#importing-signals).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createWorkspace, ok, query, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
const JSONL = `${Array.from({ length: 40 }, (_, i) => signalLine(`packed-${i}`)).join('\n')}\n`
beforeAll(() => ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth']))
afterAll(() => ws.cleanup())

/** What the import says of `bytes`, the same with --skip-invalid and from standard input; nothing is stored. */
const refusal = async (name: string, bytes: Uint8Array) => {
  writeFileSync(join(ws.dir, name), bytes)
  const r = await runCli(ws, ['signals', 'import', '--team', 'acme', name])
  expect(r).toMatchObject({ code: 2, stdout: '' })
  const skipping = await runCli(ws, ['signals', 'import', '--team', 'acme', '--skip-invalid', name])
  expect(skipping).toEqual(r)
  const piped = await runCli(ws, ['signals', 'import', '--team', 'acme', '-'], { stdin: Buffer.from(bytes) })
  expect(piped).toEqual({ ...r, stderr: r.stderr.replace(`"${name}"`, 'standard input') })
  expect(await query(ws, 'SELECT id FROM signals')).toEqual([])
  return r.stderr
}

describe('signals import of a file that is not text', () => {
  test('gzip-compressed: says so once, and how to read it', async () => {
    expect(await refusal('signals.jsonl.gz', gzipSync(JSONL))).toBe(
      'lead-signals: "signals.jsonl.gz": not UTF-8 text: this is a gzip-compressed file; give the file it holds (signals import --team TEAM <(zcat FILE) reads it as it is uncompressed); nothing was imported\n',
    )
  })

  test('a zip archive: says so once', async () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), Buffer.from(JSONL)])
    expect(await refusal('signals.zip', zip)).toBe(
      'lead-signals: "signals.zip": not UTF-8 text: this is a zip archive; unpack it and give the JSON Lines file it holds; nothing was imported\n',
    )
  })

  test('UTF-16, with its byte order mark, either byte order: says so once', async () => {
    const utf16 = Buffer.from(JSONL, 'utf16le')
    expect(await refusal('signals-utf16.jsonl', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16]))).toBe(
      `lead-signals: "signals-utf16.jsonl": not UTF-8 text: this is UTF-16 text (as Windows PowerShell's > writes it); save the file as UTF-8; nothing was imported\n`,
    )
    const bigEndian = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16).swap16()])
    expect(await refusal('signals-utf16be.jsonl', bigEndian)).toBe(
      'lead-signals: "signals-utf16be.jsonl": not UTF-8 text: this is UTF-16 text; save the file as UTF-8; nothing was imported\n',
    )
  })
})
