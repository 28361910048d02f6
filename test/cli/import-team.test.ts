import { describe, expect, test } from 'bun:test'
import type { ImportProgress } from '../../src/domain/signals/import'
import type { LineSource } from '../../src/domain/signals/line-source'
import type { NewSignal } from '../../src/storage/repos/signals'
import { answered, line, teamImporting } from './signal-line'

// A team's signals import as a whole: all or nothing without skipInvalid, duplicates, progress (one line's parsing is
// in import-lines.test.ts).

describe('importing signals into a team', () => {
  test('an invalid line without skipInvalid writes nothing and reports every rejected line', async () => {
    const { run, stored } = await teamImporting()
    const result = await run([line(), 'nope', line({ id: 'b' }), line({ score: 99 })].join('\n'), false)
    expect(result).toEqual(
      answered({
        applied: false,
        rejected: [
          { line: 2, message: 'not valid JSON' },
          { line: 4, message: 'score: must be from 0 to 10' },
        ],
      }),
    )
    expect(await stored()).toBe(0)
  })

  // A file that is not the export (a log, a CSV of many lines, a binary) is a rejection a line: holding each took some
  // 130 bytes, so 5,000,000 short lines took 650 MB, and their listing was as long as the file.
  test('the first 1,000 rejected lines are kept and listed, the others counted, with or without skipInvalid', async () => {
    const { run, stored } = await teamImporting()
    const text = [line({ id: 'kept' }), ...Array.from({ length: 2500 }, () => 'junk'), line({ id: 'last' })].join('\n')
    for (const skipInvalid of [false, true]) {
      const result = await run(text, skipInvalid)
      expect(result).toMatchObject({ applied: skipInvalid, imported: skipInvalid ? 2 : 0, rejectedCount: 2500 })
      expect(result.rejected).toHaveLength(1000)
      expect(result.rejected.at(-1)).toEqual({ line: 1001, message: 'not valid JSON' })
    }
    expect(await stored()).toBe(2)
  })

  test('with skipInvalid the valid lines are imported and repeats are counted as duplicates', async () => {
    const { deps, team, run } = await teamImporting()
    const result = await run(
      [line({ id: 'a' }), 'nope', line({ id: 'a', score: 3 }), line({ id: 'b' })].join('\n'),
      true,
    )
    expect(result).toMatchObject({ applied: true, imported: 2, duplicates: 1, rejected: [{ line: 2 }] })
    // The first occurrence of a post wins.
    const page = await deps.repos.signals.page(team.id, {}, { limit: 10, offset: 0, full: false })
    expect(page.map((s) => s.score)).toEqual([8, 8])
  })

  // docs/people.md: a person is made the first time a signal of theirs is stored. A duplicate is not stored, so its
  // author, if another (a post id or url the file repeats, a name edited), is no one's lead: no record for a CRM.
  test('the author of a duplicate line gets no person when the post is stored under another author', async () => {
    const { deps, team, run } = await teamImporting()
    const authors = async () =>
      (
        await deps.database.client.execute({
          sql: 'select author from people where team_id = ? order by author',
          args: [team.id],
        })
      ).rows.map((r) => r.author)
    await run(line({ postId: 'p0', author: 'dana' }), false)
    const result = await run(
      [
        line({ postId: 'p0', author: 'eve' }),
        line({ postId: 'p1', author: 'ann' }),
        line({ postId: 'p1', author: 'bob' }),
      ].join('\n'),
      false,
    )
    expect(result).toMatchObject({ imported: 1, duplicates: 2 })
    expect(await authors()).toEqual(['ann', 'dana'])
  })

  test('line numbers count blank lines, and a byte order mark and CRLF endings are tolerated', async () => {
    const { run } = await teamImporting()
    const result = await run(`\uFEFF${line()}\r\n\r\n   \r\n{oops\r\n${line({ id: '2' })}\r\n`, true)
    expect(result).toEqual(answered({ applied: true, imported: 2, rejected: [{ line: 4, message: 'not valid JSON' }] }))
  })

  test('a large input is stored in transactions of 250 rows, with progress as storing begins and after each, and a re-run adds nothing', async () => {
    const { deps, team, run, stored } = await teamImporting()
    const batches: number[] = []
    const insertMany = deps.repos.signals.insertMany
    deps.repos.signals.insertMany = (teamId: string, rows: NewSignal[]) => {
      batches.push(rows.length)
      return insertMany(teamId, rows)
    }
    const text = Array.from({ length: 650 }, (_, i) => line({ id: `p${i}` })).join('\n')
    const progress: ImportProgress[] = []
    const result = await run(text, false, (p) => progress.push(p))
    expect(result).toEqual(answered({ applied: true, imported: 650 }))
    expect(batches).toEqual([250, 250, 150])
    expect(progress.filter((p) => p.phase === 'importing')).toEqual([
      { phase: 'importing', lines: 0, totalLines: 650, imported: 0, duplicates: 0 },
      { phase: 'importing', lines: 250, totalLines: 650, imported: 250, duplicates: 0 },
      { phase: 'importing', lines: 500, totalLines: 650, imported: 500, duplicates: 0 },
      { phase: 'importing', lines: 650, totalLines: 650, imported: 650, duplicates: 0 },
    ])
    expect(await stored()).toBe(650)
    // Each batch moved the team's signals version, so cached pages and totals are recomputed as the data grows.
    expect((await deps.repos.teams.find(team.id))?.signalsVersion).toBe(3)
    expect(await run(text, false)).toEqual(answered({ applied: true, duplicates: 650 }))
  })

  test('an invalid line near the end of a large input writes nothing at all', async () => {
    const { run, stored } = await teamImporting()
    const text = [...Array.from({ length: 2500 }, (_, i) => line({ id: `p${i}` })), line({ score: 11 })].join('\n')
    expect(await run(text, false)).toMatchObject({ applied: false, imported: 0, rejected: [{ line: 2501 }] })
    expect(await stored()).toBe(0)
  })

  test('an input whose lines change between the check and the store stops with a clear error', async () => {
    const { run } = await teamImporting()
    let reads = 0
    const changing: LineSource = async function* () {
      reads++
      yield line({ id: 'a' })
      yield reads === 1 ? line({ id: 'b' }) : 'garbage'
    }
    const err = await run(changing, false).catch((e) => e)
    expect(err.message).toContain('the file changed while it was being imported')
  })
})
