import { describe, expect, test } from 'bun:test'
import { parseSignalLine } from '../../src/domain/signals/import'
import type { NewSignal } from '../../src/storage/repos/signals'
import { base, line } from './signal-line'

// One line of a signals file read into a row or refused with why. Importing them into a team is in
// import-team.test.ts, reading the lines of an input in line-source.test.ts.

const NOW = new Date('2026-11-15T12:00:00.000Z')
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
