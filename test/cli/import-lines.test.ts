import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ImportProgress, importSignals, parseSignalLine } from '../../src/domain/signals/import'
import { bytesLines, fileLines, type LineSource, MAX_LINE_BYTES } from '../../src/domain/signals/line-source'
import type { NewSignal } from '../../src/storage/repos/signals'
import { seedTeam, testDeps } from '../support/deps'

const NOW = new Date('2026-11-15T12:00:00.000Z')
const base = {
  author: 'dana',
  platform: 'reddit',
  intent: 'ACTIVE',
  score: 8,
  reason: 'asks for a CRM',
  content: 'looking for a CRM',
  url: 'https://reddit.com/r/x/1',
  keyword: 'crm',
  publishedAt: '2026-11-01T10:00:00Z',
}
const line = (patch: Record<string, unknown> = {}) => JSON.stringify({ ...base, ...patch })
/** The rows and the rejected lines of a text, line by line as the import reads it. */
const parse = (text: string) => {
  const rows: NewSignal[] = []
  const rejected: { line: number; message: string }[] = []
  text.split('\n').forEach((raw, i) => {
    const parsed = parseSignalLine(raw, { teamId: 'team_1', now: NOW })
    if (parsed && 'row' in parsed) rows.push(parsed.row)
    else if (parsed) rejected.push({ line: i + 1, message: parsed.message })
  })
  return { rows, rejected }
}
const rejectionOf = (text: string) => {
  const { rows, rejected } = parse(text)
  expect(rows).toHaveLength(0)
  expect(rejected).toHaveLength(1)
  return rejected[0].message
}
// A text as standard input gives it: bytes in memory.
const textLines = (text: string) => bytesLines(Buffer.from(text))
const collect = async (lines: LineSource) => {
  const out: string[] = []
  for await (const l of lines()) out.push(typeof l === 'string' ? l : l.unreadable)
  return out
}

describe('parsing one line of a signals file', () => {
  test('a complete line becomes a row with UTC times, the url as post id, and icpMatch null when absent', () => {
    const { rows, rejected } = parse(line({ publishedAt: '2026-11-01T12:30:00+02:00', keyword: '  crm  ' }))
    expect(rejected).toEqual([])
    expect(rows[0]).toMatchObject({
      teamId: 'team_1',
      platform: 'reddit',
      postId: 'https://reddit.com/r/x/1',
      author: 'dana',
      intent: 'ACTIVE',
      score: 8,
      icpMatch: null,
      preview: 'looking for a CRM',
      contentFull: 'looking for a CRM',
      keyword: 'crm',
      publishedAt: '2026-11-01T10:30:00.000Z',
      detectedAt: NOW.toISOString(),
    })
    expect(rows[0].id).toMatch(/^sig_/)
  })

  test('an explicit id is the post id, and scores 0 and 10 are both in range', () => {
    const { rows } = parse(
      [line({ id: 't3_abc', score: 0 }), line({ id: 't3_def', score: 10, icpMatch: 'Founders' })].join('\n'),
    )
    expect(rows.map((r) => [r.postId, r.score, r.icpMatch])).toEqual([
      ['reddit:t3_abc', 0, null],
      ['reddit:t3_def', 10, 'Founders'],
    ])
  })

  const bad: [string, string, string][] = [
    ['a misspelt field', line({ authr: 'x' }), 'authr: unknown field'],
    ['a missing field', JSON.stringify({ ...base, url: undefined }), 'url: is required'],
    ['an unknown platform', line({ platform: 'myspace' }), 'platform: must be one of: twitter, reddit,'],
    [
      'an unknown intent',
      line({ intent: 'BUYING' }),
      'intent: must be one of: ACTIVE, COMPETITOR, PAIN, QUESTION, MENTION',
    ],
    ['a score above 10', line({ score: 10.5 }), 'score: must be from 0 to 10'],
    ['a negative score', line({ score: -0.1 }), 'score: must be from 0 to 10'],
    ['a score given as text', line({ score: '8' }), 'score: must be a number'],
    ['empty content', line({ content: '   ' }), 'content: must not be empty'],
    ['a url that is not http', line({ url: 'ftp://example.com/x' }), 'url: must be an http or https URL'],
    ['a url that is not a url', line({ url: 'example.com/x' }), 'url: must be an http or https URL'],
    ['an empty keyword', line({ keyword: ' ' }), 'keyword: must not be empty'],
    ['a keyword over 200 characters', line({ keyword: 'k'.repeat(201) }), 'keyword: must be at most 200 characters'],
    [
      'a publishedAt without a zone',
      line({ publishedAt: '2026-11-01T10:00:00' }),
      'publishedAt: must be an ISO 8601 date-time with a time zone',
    ],
    [
      'a publishedAt that is only a date',
      line({ publishedAt: '2026-11-01' }),
      'publishedAt: must be an ISO 8601 date-time with a time zone',
    ],
    // Date.parse rolls a day that does not exist over into the next month: the file said something else.
    [
      'a publishedAt on 31 February',
      line({ publishedAt: '2026-02-31T10:00:00Z' }),
      'publishedAt: must be a day that exists (there is no 2026-02-31)',
    ],
    [
      'a detectedAt on 31 April, with an offset',
      line({ detectedAt: '2026-04-31T23:30:00-05:00' }),
      'detectedAt: must be a day that exists (there is no 2026-04-31)',
    ],
    [
      'a publishedAt in the year 10000',
      line({ publishedAt: '9999-12-31T23:00:00-05:00' }),
      'publishedAt: must be before the year 10000',
    ],
    // A year mistyped ahead would keep the author "seen today" (docs/people.md#heat) and the signal new until then.
    [
      'a publishedAt years ahead',
      line({ publishedAt: '2062-11-01T10:00:00Z' }),
      'publishedAt: must not be more than a day in the future (2062-11-01T10:00:00.000Z; a mistyped year?)',
    ],
    [
      'a detectedAt a day and a minute ahead',
      line({ detectedAt: '2026-11-16T12:01:00Z' }),
      'detectedAt: must not be more than a day in the future (2026-11-16T12:01:00.000Z; a mistyped year?)',
    ],
    [
      'a detectedAt that is not a date',
      line({ detectedAt: 'yesterday' }),
      'detectedAt: must be an ISO 8601 date-time with a time zone',
    ],
    ['an icpMatch that is a number', line({ icpMatch: 3 }), 'icpMatch: '],
    ['a contentFull that is a number', line({ contentFull: 3 }), 'contentFull: must be a string or null'],
    ['an empty id', line({ id: '' }), 'id: must not be empty'],
    ['an array', '[1, 2]', 'must be a JSON object'],
    ['null', 'null', 'must be a JSON object'],
    ['a number', '42', 'must be a JSON object'],
    ['text that is not JSON', 'author=dana', 'not valid JSON'],
    [
      "the CSV export's header",
      'id,postId,platform,author,intent,score,reason,icpMatch,content,contentFull,url,keyword,publishedAt,detectedAt,personId\r',
      'not valid JSON: this is a CSV header, and signals import reads JSON Lines (signals export --format jsonl writes them)',
    ],
    ["a spreadsheet's header", '"author";"content";"url"', 'this is a CSV header'],
    // `jq . file.jsonl` (without -c) writes each signal over many lines, the first of them an opening brace alone.
    [
      'the first line of a pretty-printed signal',
      '{',
      'not valid JSON: this line opens JSON written over several lines, and signals import reads one whole signal a line (jq -c writes them so)',
    ],
    [
      'the first line of a pretty-printed array',
      '[ ',
      'not valid JSON: this line opens JSON written over several lines, and signals import reads one whole signal a line (jq -c writes them so)',
    ],
    // The people export's JSON Lines given instead of the signals export's: said so, rather than seven missing fields.
    [
      'a line of the people export',
      JSON.stringify({
        ...{ id: 'per_0372fba4dcb135156a702025', platform: 'reddit', author: 'dana', profileUrl: '', identities: '' },
        ...{
          signals: 1,
          bestScore: 6.5,
          bestIntent: 'ACTIVE',
          icpMatched: true,
          firstSeen: '2026-10-02T00:00:00.000Z',
        },
        ...{ lastSeen: '2026-10-02T00:00:00.000Z', heat: 46, band: 'warm', muted: false },
      }),
      'this is a line of the people export, and signals import reads the signals export (signals export --format jsonl writes it)',
    ],
    // A file saved with line ends of CR alone (classic Mac OS, some exporters) is one line of signals to the import.
    [
      'signals separated by CR alone',
      `${line()}\r${line({ id: 'b' })}\r${line({ id: 'c' })}`,
      'not valid JSON: its signals are separated by CR alone (\\r); JSON Lines ends each line with LF (\\n) or CRLF',
    ],
    // A line break written into a field as it is (a hand edit, a tool that does not escape it) cuts the signal in
    // two lines; the first ends inside the text, and says so rather than 'not valid JSON' alone.
    [
      'a line cut by a line break inside a text',
      line({ content: 'first line' }).split(' line')[0],
      'not valid JSON: the line ends inside a text, as when a line break is written into a field as it is (JSON Lines writes it as \\n)',
    ],
    [
      'a line cut after an escaped quote',
      `${line().slice(0, -1)}, "reason": "said \\"hi\\"`,
      'the line ends inside a text',
    ],
    // The database would keep it but read the text back cut there; the six characters as text are fine.
    ['a text holding U+0000', line({ content: 'looking for\u0000 a CRM' }), 'holds the character U+0000'],
    // Stored, it would become U+FFFD: another text than the file's.
    ['a text holding half a surrogate pair', line({ content: 'looking for \ud83d a CRM' }), 'holds half of a UTF-16'],
  ]
  test.each(bad)('%s rejects the line with a message naming the field', (_name, text, message) => {
    expect(rejectionOf(text)).toContain(message)
  })

  test('a line that is cut outside a text is not said to end inside one', () => {
    expect(rejectionOf(line().slice(0, -1))).toBe('not valid JSON')
    expect(rejectionOf(`${line().slice(0, -1)}, "reason": "said \\\\"`)).toBe('not valid JSON')
  })

  // A CSV export given to the import: a cell holding a line break is cut there, and the line that ends one cell and
  // starts the next (`line2","line1`) was said to be a CSV header, which it is not.
  test("a CSV record's line that ends a cell with a line break in it is not said to be a CSV header", () => {
    expect(rejectionOf('line2","line1')).toBe('not valid JSON')
    expect(rejectionOf('line3",reddit,dana')).toBe('not valid JSON')
    expect(rejectionOf('"author";"content";url')).toContain('this is a CSV header')
  })

  test('a time less than a day ahead is kept: a clock or a zone a little off, not a wrong date', () => {
    const { rows, rejected } = parse(line({ publishedAt: '2026-11-16T11:59:00Z', detectedAt: '2026-11-16T11:59:00Z' }))
    expect(rejected).toEqual([])
    expect(rows.map((r) => [r.publishedAt, r.detectedAt])).toEqual([
      ['2026-11-16T11:59:00.000Z', '2026-11-16T11:59:00.000Z'],
    ])
  })

  test('every problem of a line is reported, each with its field', () => {
    const message = rejectionOf(line({ platform: 'x', score: 11, colour: 'red' }))
    expect(message.split('; ')).toEqual([
      expect.stringContaining('platform: must be one of'),
      'score: must be from 0 to 10',
      'colour: unknown field',
    ])
  })
})

describe('importing signals into a team', () => {
  test('an invalid line without skipInvalid writes nothing and reports every rejected line', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const lines = textLines([line(), 'nope', line({ id: 'b' }), line({ score: 99 })].join('\n'))
    const result = await importSignals(deps, { teamId: team.id, lines, skipInvalid: false })
    expect(result).toEqual({
      applied: false,
      imported: 0,
      duplicates: 0,
      forgotten: 0,
      rejected: [
        { line: 2, message: 'not valid JSON' },
        { line: 4, message: 'score: must be from 0 to 10' },
      ],
      rejectedCount: 2,
    })
    expect(await deps.repos.signals.count(team.id, {})).toBe(0)
  })

  // A file that is not the export (a log, a CSV of many lines, a binary) is a rejection a line: holding each took some
  // 130 bytes, so 5,000,000 short lines took 650 MB, and their listing was as long as the file.
  test('the first 1,000 rejected lines are kept and listed, the others counted, with or without skipInvalid', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const text = [line({ id: 'kept' }), ...Array.from({ length: 2500 }, () => 'junk'), line({ id: 'last' })].join('\n')
    for (const skipInvalid of [false, true]) {
      const result = await importSignals(deps, { teamId: team.id, lines: textLines(text), skipInvalid })
      expect(result).toMatchObject({ applied: skipInvalid, imported: skipInvalid ? 2 : 0, rejectedCount: 2500 })
      expect(result.rejected).toHaveLength(1000)
      expect(result.rejected.at(-1)).toEqual({ line: 1001, message: 'not valid JSON' })
    }
    expect(await deps.repos.signals.count(team.id, {})).toBe(2)
  })

  test('with skipInvalid the valid lines are imported and repeats are counted as duplicates', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const text = [line({ id: 'a' }), 'nope', line({ id: 'a', score: 3 }), line({ id: 'b' })].join('\n')
    const result = await importSignals(deps, { teamId: team.id, lines: textLines(text), skipInvalid: true })
    expect(result).toMatchObject({ applied: true, imported: 2, duplicates: 1, rejected: [{ line: 2 }] })
    // The first occurrence of a post wins.
    const page = await deps.repos.signals.page(team.id, {}, { limit: 10, offset: 0, full: false })
    expect(page.map((s) => s.score)).toEqual([8, 8])
  })

  // docs/people.md: a person is made the first time a signal of theirs is stored. A duplicate is not stored, so its
  // author, if another (a post id or url the file repeats, a name edited), is no one's lead: no record for a CRM.
  test('the author of a duplicate line gets no person when the post is stored under another author', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const authors = async () =>
      (
        await deps.database.client.execute({
          sql: 'select author from people where team_id = ? order by author',
          args: [team.id],
        })
      ).rows.map((r) => r.author)
    const run = (lines: string[]) =>
      importSignals(deps, { teamId: team.id, lines: textLines(lines.join('\n')), skipInvalid: false })
    await run([line({ postId: 'p0', author: 'dana' })])
    const result = await run([
      line({ postId: 'p0', author: 'eve' }),
      line({ postId: 'p1', author: 'ann' }),
      line({ postId: 'p1', author: 'bob' }),
    ])
    expect(result).toMatchObject({ imported: 1, duplicates: 2 })
    expect(await authors()).toEqual(['ann', 'dana'])
  })

  test('line numbers count blank lines, and a byte order mark and CRLF endings are tolerated', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const text = `\uFEFF${line()}\r\n\r\n   \r\n{oops\r\n${line({ id: '2' })}\r\n`
    const result = await importSignals(deps, { teamId: team.id, lines: textLines(text), skipInvalid: true })
    expect(result).toEqual({
      applied: true,
      imported: 2,
      duplicates: 0,
      forgotten: 0,
      rejected: [{ line: 4, message: 'not valid JSON' }],
      rejectedCount: 1,
    })
  })

  test('a large input is stored in transactions of 250 rows, with progress as storing begins and after each, and a re-run adds nothing', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const batches: number[] = []
    const insertMany = deps.repos.signals.insertMany
    deps.repos.signals.insertMany = (teamId: string, rows: NewSignal[]) => {
      batches.push(rows.length)
      return insertMany(teamId, rows)
    }
    const text = Array.from({ length: 650 }, (_, i) => line({ id: `p${i}` })).join('\n')
    const progress: ImportProgress[] = []
    const result = await importSignals(deps, {
      teamId: team.id,
      lines: textLines(text),
      skipInvalid: false,
      onProgress: (p) => progress.push(p),
    })
    expect(result).toEqual({
      applied: true,
      imported: 650,
      duplicates: 0,
      forgotten: 0,
      rejected: [],
      rejectedCount: 0,
    })
    expect(batches).toEqual([250, 250, 150])
    expect(progress.filter((p) => p.phase === 'importing')).toEqual([
      { phase: 'importing', lines: 0, totalLines: 650, imported: 0, duplicates: 0 },
      { phase: 'importing', lines: 250, totalLines: 650, imported: 250, duplicates: 0 },
      { phase: 'importing', lines: 500, totalLines: 650, imported: 500, duplicates: 0 },
      { phase: 'importing', lines: 650, totalLines: 650, imported: 650, duplicates: 0 },
    ])
    expect(await deps.repos.signals.count(team.id, {})).toBe(650)
    // Each batch moved the team's signals version, so cached pages and totals are recomputed as the data grows.
    expect((await deps.repos.teams.find(team.id))?.signalsVersion).toBe(3)
    const again = await importSignals(deps, { teamId: team.id, lines: textLines(text), skipInvalid: false })
    expect(again).toEqual({
      applied: true,
      imported: 0,
      duplicates: 650,
      forgotten: 0,
      rejected: [],
      rejectedCount: 0,
    })
  })

  test('an invalid line near the end of a large input writes nothing at all', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    const text = [...Array.from({ length: 2500 }, (_, i) => line({ id: `p${i}` })), line({ score: 11 })].join('\n')
    const result = await importSignals(deps, { teamId: team.id, lines: textLines(text), skipInvalid: false })
    expect(result).toMatchObject({ applied: false, imported: 0, rejected: [{ line: 2501 }] })
    expect(await deps.repos.signals.count(team.id, {})).toBe(0)
  })

  test('an input whose lines change between the check and the store stops with a clear error', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps)
    let reads = 0
    const changing: LineSource = async function* () {
      reads++
      yield line({ id: 'a' })
      yield reads === 1 ? line({ id: 'b' }) : 'garbage'
    }
    const err = await importSignals(deps, { teamId: team.id, lines: changing, skipInvalid: false }).catch((e) => e)
    expect(err.message).toContain('the file changed while it was being imported')
  })
})

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
        const { deps } = await testDeps()
        const { team } = await seedTeam(deps)
        const result = await importSignals(deps, { teamId: team.id, lines, skipInvalid: false })
        expect(result).toEqual({
          applied: false,
          imported: 0,
          duplicates: 0,
          forgotten: 0,
          rejected: [
            { line: 2, message },
            { line: 3, message },
          ],
          rejectedCount: 2,
        })
        expect(await deps.repos.signals.count(team.id, {})).toBe(0)
        const skipped = await importSignals(deps, { teamId: team.id, lines, skipInvalid: true })
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
