import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bytesLines, fileLines, type LineSource, MAX_LINE_BYTES } from '../../src/domain/signals/line-source'
import { answered, line, teamImporting, textLines } from './signal-line'

// How the signals import reads the lines of a file or of standard input: line feeds, chunk boundaries, bytes that
// are not UTF-8, a line too long (what import-lines.test.ts then parses).

const collect = async (lines: LineSource) => {
  const out: string[] = []
  for await (const l of lines()) out.push(typeof l === 'string' ? l : l.unreadable)
  return out
}

describe('reading the lines of an input', () => {
  test('a file is split on line feeds only, across chunk boundaries, keeping multi-byte characters whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-lines-'))
    try {
      // Longer than one read chunk (1 MiB), with a two-byte character on each line.
      const lines = Array.from({ length: 3000 }, (_, i) => `${i} ${'é'.repeat(300)}\r`)
      writeFileSync(join(dir, 'big.jsonl'), lines.join('\n'))
      expect(await collect(fileLines(join(dir, 'big.jsonl')))).toEqual(lines)
      writeFileSync(join(dir, 'end.jsonl'), 'a\n\nb\n')
      expect(await collect(fileLines(join(dir, 'end.jsonl')))).toEqual(['a', '', 'b'])
      const missing = await collect(fileLines(join(dir, 'nope.jsonl'), 'nope.jsonl')).catch((e) => e)
      expect(missing.message).toBe('cannot read "nope.jsonl": no such file')
      const folder = await collect(fileLines(dir, 'data')).catch((e) => e)
      expect(folder.message).toBe('cannot read "data": it is a directory')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('bytes in memory (standard input) give the same lines as a file', async () => {
    const cases: [string, string[]][] = [
      ['', []],
      ['a', ['a']],
      ['a\n', ['a']],
      ['\n\nx\ny\n\n', ['', '', 'x', 'y', '']],
    ]
    for (const [text, lines] of cases) expect(await collect(textLines(text))).toEqual(lines)
  })

  // docs/operations.md#importing-signals: bytes that are not UTF-8 became U+FFFD in the stored post without a word.
  test('a line that is not UTF-8 is rejected, and writes nothing, whether from a file or standard input', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ls-lines-'))
    try {
      const utf8 = Buffer.from(`${line({ id: 'a', content: 'café ✓' })}\n`)
      const latin1 = Buffer.from(`${line({ id: 'b', content: 'café' })}\n`, 'latin1')
      const surrogate = Buffer.from([...Buffer.from(line({ id: 'c' }).slice(0, -1)), 0xed, 0xa0, 0x80, 0x7d, 0x0a])
      const bytes = Buffer.concat([utf8, latin1, surrogate])
      writeFileSync(join(dir, 'mixed.jsonl'), bytes)
      const message = 'not UTF-8 text (save the file as UTF-8)'
      for (const lines of [fileLines(join(dir, 'mixed.jsonl')), bytesLines(bytes)]) {
        const { deps, team, run, stored } = await teamImporting()
        const refused = answered({
          applied: false,
          rejected: [
            { line: 2, message },
            { line: 3, message },
          ],
        })
        expect(await run(lines, false)).toEqual(refused)
        expect(await stored()).toBe(0)
        const skipped = await run(lines, true)
        expect(skipped.imported).toBe(1)
        const page = await deps.repos.signals.page(team.id, {}, { limit: 10, offset: 0, full: false })
        expect(page.map((s) => s.preview)).toEqual(['café ✓'])
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  // A JSON array on one line of 80 MB took 1 GB and 4 s: its pieces were joined again for every chunk read.
  test('a line longer than 1 MiB is rejected without being held, and the lines after it are read', async () => {
    const long = `[${'{"a":1},'.repeat(MAX_LINE_BYTES / 4)}{}]`
    const bytes = Buffer.from(`${line({ id: 'a' })}\n${long}\n${line({ id: 'b' })}`)
    const lines = await collect(bytesLines(bytes))
    expect(lines).toHaveLength(3)
    expect(lines[1]).toMatch(/^longer than 1,048,576 bytes/)
    expect(lines[2]).toBe(line({ id: 'b' }))
    const exact = 'x'.repeat(MAX_LINE_BYTES)
    expect(await collect(bytesLines(Buffer.from(`${exact}\n${exact}x`)))).toEqual([
      exact,
      expect.stringMatching(/^longer/),
    ])
  })
})
