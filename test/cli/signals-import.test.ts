import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { dump, ok, query, runCli, type Workspace, withTeam } from './run-cli'

// Each test on a database of its own holding team acme (test/cli/team.test.ts checks team create).
const withAcme = withTeam('acme')
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withAcme.cleanup())

const signal = (patch: Record<string, unknown> = {}) =>
  JSON.stringify({
    author: 'dana',
    platform: 'reddit',
    intent: 'ACTIVE',
    score: 8,
    reason: 'asks for a CRM',
    content: 'We are looking for a CRM',
    url: 'https://reddit.com/r/crm/1',
    keyword: 'crm',
    publishedAt: '2026-10-01T10:00:00Z',
    detectedAt: '2026-10-02T00:00:00Z',
    ...patch,
  })
const file = (name: string, lines: string[]) => ws.file(name, lines.join('\n') + '\n')
const importFile = (name: string, ...flags: string[]) =>
  runCli(ws, ['signals', 'import', '--team', 'acme', name, ...flags])
const stored = () =>
  query(
    ws,
    'SELECT platform, post_id, author, preview, content_full, keyword, published_at, detected_at FROM signals ORDER BY post_id',
  )

describe('signals import', () => {
  test('a valid file is imported in full, with UTC times and the url as post id when id is absent', async () => {
    file('ok.jsonl', [
      signal({ publishedAt: '2026-10-01T12:00:00+02:00' }),
      '',
      signal({ id: 'hn-42', platform: 'hackernews', url: 'https://news.ycombinator.com/item?id=42', keyword: ' crm ' }),
    ])
    const r = await importFile('ok.jsonl')
    expect(r).toEqual({ code: 0, stdout: 'imported 2 signals, skipped 0 duplicates, rejected 0 lines\n', stderr: '' })
    expect(await stored()).toEqual([
      {
        platform: 'hackernews',
        // The id alone, keyed with its platform's name as polling keys the post.
        post_id: 'hackernews:hn-42',
        author: 'dana',
        preview: 'We are looking for a CRM',
        content_full: 'We are looking for a CRM',
        keyword: 'crm',
        published_at: '2026-10-01T10:00:00.000Z',
        detected_at: '2026-10-02T00:00:00.000Z',
      },
      {
        platform: 'reddit',
        post_id: 'https://reddit.com/r/crm/1',
        author: 'dana',
        preview: 'We are looking for a CRM',
        content_full: 'We are looking for a CRM',
        keyword: 'crm',
        published_at: '2026-10-01T10:00:00.000Z',
        detected_at: '2026-10-02T00:00:00.000Z',
      },
    ])
    expect((await query(ws, 'SELECT id FROM signals')).every((row) => String(row.id).startsWith('sig_'))).toBe(true)
  })

  test('with --json it prints applied, imported, duplicates and rejected', async () => {
    file('ok.jsonl', [signal(), signal()])
    const r = await importFile('ok.jsonl', '--json')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toEqual({
      applied: true,
      imported: 1,
      duplicates: 1,
      forgotten: 0,
      rejected: [],
      rejectedCount: 0,
    })
  })

  test('detectedAt defaults to the moment of the import', async () => {
    file('ok.jsonl', [signal({ detectedAt: undefined })])
    const before = new Date().toISOString()
    await ok(ws, ['signals', 'import', '--team', 'acme', 'ok.jsonl'])
    const [row] = await query(ws, 'SELECT detected_at FROM signals')
    expect(String(row.detected_at) >= before).toBe(true)
    expect(String(row.detected_at) <= new Date().toISOString()).toBe(true)
  })

  test('an invalid line aborts the import: each rejected line is listed by number, exit status 1, nothing written', async () => {
    file('mixed.jsonl', [
      signal({ id: '1' }),
      '',
      'not json',
      signal({ id: '2', score: 12 }),
      signal({ id: '3', auhtor: 'x' }),
    ])
    const before = await dump(ws)
    const r = await importFile('mixed.jsonl')
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr.trimEnd().split('\n')).toEqual([
      'line 3: not valid JSON',
      'line 4: score: must be from 0 to 10',
      'line 5: auhtor: unknown field',
      'lead-signals: 3 invalid lines; nothing was imported (--skip-invalid imports the valid lines)',
    ])
    expect(await dump(ws)).toEqual(before)
  })

  test('with --json an aborted import still prints the result, marked as not applied', async () => {
    file('mixed.jsonl', [signal({ id: '1' }), '{}'])
    const r = await importFile('mixed.jsonl', '--json')
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(out).toMatchObject({ applied: false, imported: 0, duplicates: 0 })
    expect(out.rejected).toEqual([{ line: 2, message: expect.stringContaining('author: is required') }])
    expect(await query(ws, 'SELECT count(*) AS n FROM signals')).toEqual([{ n: 0 }])
  })

  test('with --skip-invalid the valid lines are imported and the rejected line numbers are reported', async () => {
    file('mixed.jsonl', [
      signal({ id: '1' }),
      'not json',
      signal({ id: '2' }),
      signal({ id: '3', platform: 'myspace' }),
    ])
    const r = await importFile('mixed.jsonl', '--skip-invalid')
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('imported 2 signals, skipped 0 duplicates, rejected 2 lines (lines 2, 4)\n')
    expect(r.stderr).toContain('line 2: not valid JSON')
    expect(r.stderr).toContain('line 4: platform: must be one of')
    expect((await stored()).map((s) => s.post_id)).toEqual(['reddit:1', 'reddit:2'])
  })

  test('a file of junk lists its first 1,000 rejected lines and counts the others', async () => {
    file('junk.jsonl', [signal({ id: '1' }), ...Array.from({ length: 1500 }, (_, i) => `junk ${i}`)])
    const aborted = await importFile('junk.jsonl')
    expect(aborted.code).toBe(1)
    const stderr = aborted.stderr.trimEnd().split('\n')
    expect(stderr).toHaveLength(1002)
    expect(stderr[999]).toBe('line 1001: not valid JSON')
    expect(stderr.slice(1000)).toEqual([
      'lead-signals: 500 more invalid lines, not listed',
      'lead-signals: 1500 invalid lines; nothing was imported (--skip-invalid imports the valid lines)',
    ])
    const skipped = await importFile('junk.jsonl', '--skip-invalid')
    expect(skipped.code).toBe(0)
    expect(skipped.stdout).toEndWith(', 1000, 1001 and 500 more)\n')
    expect(skipped.stdout).toStartWith('imported 1 signal, skipped 0 duplicates, rejected 1500 lines (lines 2, 3, 4, ')
    expect(skipped.stderr.trimEnd().split('\n').at(-1)).toBe('lead-signals: 500 more invalid lines, not listed')
  })

  test('duplicates within the file and against the database are skipped, and re-importing a file imports nothing', async () => {
    file('first.jsonl', [signal({ id: 'a' }), signal({ id: 'b' })])
    await ok(ws, ['signals', 'import', '--team', 'acme', 'first.jsonl'])
    file('second.jsonl', [
      signal({ id: 'b', author: 'someone else' }),
      signal({ id: 'c' }),
      signal({ id: 'c' }),
      signal({ id: 'd' }),
    ])
    expect((await importFile('second.jsonl')).stdout).toBe(
      'imported 2 signals, skipped 2 duplicates, rejected 0 lines\n',
    )
    expect((await stored()).map((s) => [s.post_id, s.author])).toEqual([
      ['reddit:a', 'dana'],
      ['reddit:b', 'dana'],
      ['reddit:c', 'dana'],
      ['reddit:d', 'dana'],
    ])
    const again = await importFile('second.jsonl')
    expect(again.stdout).toBe('imported 0 signals, skipped 4 duplicates, rejected 0 lines\n')
    expect(await query(ws, 'SELECT count(*) AS n FROM signals')).toEqual([{ n: 4 }])
  })

  test('the same post id on another platform or for another team is a separate signal', async () => {
    await ok(ws, ['team', 'create', '--name', 'other', '--plan', 'growth'])
    file('posts.jsonl', [signal({ id: 'x' }), signal({ id: 'x', platform: 'twitter' })])
    expect((await importFile('posts.jsonl')).stdout).toStartWith('imported 2 signals, skipped 0')
    expect(await ok(ws, ['signals', 'import', '--team', 'other', 'posts.jsonl'])).toStartWith(
      'imported 2 signals, skipped 0',
    )
  })

  test('contentFull stays null before 2026-09-01 without full text, and holds the content from that date on', async () => {
    file('dates.jsonl', [
      signal({ id: '1-before', detectedAt: '2026-08-31T23:59:59.999Z' }),
      signal({ id: '2-from', detectedAt: '2026-09-01T00:00:00Z' }),
      signal({ id: '3-before-with-full', detectedAt: '2026-03-01T00:00:00Z', contentFull: 'the whole post' }),
      signal({ id: '4-explicit-null', detectedAt: '2026-10-01T00:00:00Z', contentFull: null }),
      // An offset moves the instant: 00:30 at +01:00 on the 1st is still August in UTC.
      signal({ id: '5-offset', detectedAt: '2026-09-01T00:30:00+01:00' }),
    ])
    await ok(ws, ['signals', 'import', '--team', 'acme', 'dates.jsonl'])
    expect((await stored()).map((s) => [s.post_id, s.content_full])).toEqual([
      ['reddit:1-before', null],
      ['reddit:2-from', 'We are looking for a CRM'],
      ['reddit:3-before-with-full', 'the whole post'],
      ['reddit:4-explicit-null', 'We are looking for a CRM'],
      ['reddit:5-offset', null],
    ])
  })

  test('the preview keeps the first 300 characters and the full text the first 4000', async () => {
    const long = 'abcdefghij'.repeat(500)
    file('long.jsonl', [signal({ id: 'long', content: long })])
    await ok(ws, ['signals', 'import', '--team', 'acme', 'long.jsonl'])
    const [row] = await stored()
    expect(row.preview).toBe(long.slice(0, 300))
    expect(row.content_full).toBe(long.slice(0, 4000))
  })

  test('"-" reads the signals from standard input', async () => {
    const r = await runCli(ws, ['signals', 'import', '--team', 'acme', '-'], { stdin: signal({ id: 'piped' }) + '\n' })
    expect(r.stdout).toBe('imported 1 signal, skipped 0 duplicates, rejected 0 lines\n')
    expect((await stored()).map((s) => s.post_id)).toEqual(['reddit:piped'])
  })

  test('an empty file imports nothing and succeeds', async () => {
    ws.file('empty.jsonl', '\n\n')
    expect(await importFile('empty.jsonl')).toEqual({
      code: 0,
      stdout: 'imported 0 signals, skipped 0 duplicates, rejected 0 lines\n',
      stderr: '',
    })
  })
})
