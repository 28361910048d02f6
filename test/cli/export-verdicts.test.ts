// docs/operations.md#exporting-signals: a team moved with export and import kept none of its verdicts, so every
// signal it had judged not relevant came back undismissed, and the tuning started again from nothing.
import { beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { hostileImportFile, hostileSignals } from '../support/exports'
import { ok, query, runCli, type Workspace, MANY_PROCESSES_MS } from './run-cli'
import { acmeAndBravo } from './two-teams'

setDefaultTimeout(MANY_PROCESSES_MS)

// Each test on two databases of its own, holding team acme and team bravo (two-teams.ts).
const teams = acmeAndBravo()
let a: Workspace
let b: Workspace
beforeEach(() => {
  ;({ a, b } = teams)
})

const hostileFile = () => hostileImportFile('acme')

/** A verdict as the feedback route stores it (storage/repos/signal-feedback.ts record). */
async function judge(ws: Workspace, postId: string, verdict: string, reason: string | null, judgedAt: string) {
  const [s] = (await query(ws, 'select id, team_id, keyword, score, intent from signals where post_id = ?', [
    postId,
  ])) as { id: string; team_id: string; keyword: string; score: number; intent: string }[]
  await query(
    ws,
    `insert into signal_feedback (signal_id, team_id, keyword_lc, verdict, reason, score, intent, judged_at)
      values (?, ?, ?, ?, ?, ?, ?, ?)
      on conflict (signal_id) do update set verdict = excluded.verdict, reason = excluded.reason`,
    [s.id, s.team_id, s.keyword.toLowerCase(), verdict, reason as string, s.score, s.intent, judgedAt],
  )
  await query(ws, 'update signals set dismissed = ? where id = ?', [verdict === 'not_relevant' ? 1 : 0, s.id])
}

const verdicts = (ws: Workspace) =>
  query(
    ws,
    `select s.post_id, s.dismissed, f.verdict, f.reason, f.judged_at, f.keyword_lc, f.score
      from signal_feedback f join signals s on s.id = f.signal_id order by s.post_id`,
  )
const exportAll = (ws: Workspace, team: string, ...flags: string[]) =>
  ok(ws, ['signals', 'export', '--team', team, '--format', 'jsonl', ...flags])
const withoutIds = (text: string) =>
  text.replace(/"id":"sig_[\w-]+",/g, '').replace(/"personId":"per_[0-9a-f]{24}"/g, '"personId":"per_"')

describe('verdicts travel with an export (docs/operations.md#exporting-signals)', () => {
  test('export, import elsewhere: the same verdicts, the dismissed ones dismissed, and the same bytes again', async () => {
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    await judge(a, 'hackernews:post-00', 'not_relevant', 'a vendor, "selling"', '2026-11-03T09:00:00.000Z')
    await judge(a, 'reddit:post-01', 'relevant', null, '2026-11-04T10:30:00.000Z')
    const first = await exportAll(a, 'acme', '--include', 'dismissed')
    expect(first.split('\n')[0]).toEndWith(
      '"verdict":"not_relevant","verdictReason":"a vendor, \\"selling\\"","judgedAt":"2026-11-03T09:00:00.000Z","dismissed":true}',
    )
    expect(first.split('\n')[2]).toEndWith('"verdict":null,"verdictReason":null,"judgedAt":null,"dismissed":false}')

    expect(await ok(b, ['signals', 'import', '--team', 'bravo', b.file('first.jsonl', first)])).toStartWith(
      'imported 11 signals',
    )
    expect(await verdicts(b)).toEqual(await verdicts(a))
    expect((await verdicts(b)).map((v) => [v.post_id, v.dismissed, v.verdict])).toEqual([
      ['hackernews:post-00', 1, 'not_relevant'],
      ['reddit:post-01', 0, 'relevant'],
    ])
    // The signal judged not relevant stays out of the default list and export, as it was.
    expect((await exportAll(b, 'bravo')).trim().split('\n')).toHaveLength(hostileSignals('x').length - 1)
    expect(withoutIds(await exportAll(b, 'bravo', '--include', 'dismissed'))).toBe(withoutIds(first))

    // Again: nothing more, nothing changed.
    expect(await ok(b, ['signals', 'import', '--team', 'bravo', 'first.jsonl'])).toStartWith(
      'imported 0 signals, skipped 11 duplicates',
    )
    expect(await verdicts(b)).toEqual(await verdicts(a))
  })

  test('a file without verdicts imports; imported again with them, the verdicts the team has not given arrive', async () => {
    await ok(a, ['signals', 'import', '--team', 'acme', a.file('in.jsonl', hostileFile())])
    await judge(a, 'hackernews:post-00', 'not_relevant', null, '2026-11-03T09:00:00.000Z')
    await judge(a, 'reddit:post-01', 'not_relevant', 'off topic', '2026-11-04T10:30:00.000Z')
    const withVerdicts = await exportAll(a, 'acme', '--include', 'dismissed')
    // An export from before verdicts travelled: the same lines without the three fields.
    const older = withVerdicts.replace(/,"verdict":[^\n]*\}/g, '}')
    expect(older).not.toContain('verdict')
    await ok(b, ['signals', 'import', '--team', 'bravo', b.file('older.jsonl', older)])
    expect(await verdicts(b)).toEqual([])
    // The team judges one of them here; the file's verdict for it does not replace the team's own.
    await judge(b, 'reddit:post-01', 'relevant', 'a buyer after all', '2026-11-20T00:00:00.000Z')
    await ok(b, ['signals', 'import', '--team', 'bravo', b.file('newer.jsonl', withVerdicts)])
    expect((await verdicts(b)).map((v) => [v.post_id, v.dismissed, v.verdict, v.reason])).toEqual([
      ['hackernews:post-00', 1, 'not_relevant', null],
      ['reddit:post-01', 0, 'relevant', 'a buyer after all'],
    ])
  })

  test('a verdict that is not one, or a reason or time without a verdict, rejects its line and stores nothing', async () => {
    const line = JSON.parse(hostileFile().split('\n')[0])
    const cases: [Record<string, unknown>, string][] = [
      [{ verdict: 'maybe' }, 'line 1: verdict: must be "relevant", "not_relevant" or null'],
      [{ verdictReason: 'why' }, 'line 1: verdictReason: needs a verdict'],
      [{ verdict: null, judgedAt: '2026-11-01T00:00:00Z' }, 'line 1: judgedAt: needs a verdict'],
      [{ verdict: 'relevant', judgedAt: 'yesterday' }, 'line 1: judgedAt: must be an ISO 8601 date-time'],
      [{ verdict: 'relevant', verdictReason: 'x'.repeat(501) }, 'line 1: verdictReason: must be at most 500'],
    ]
    for (const [patch, message] of cases) {
      const r = await runCli(a, [
        'signals',
        'import',
        '--team',
        'acme',
        a.file('bad.jsonl', JSON.stringify({ ...line, ...patch })),
      ])
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(message)
    }
    expect(await query(a, 'select count(*) as n from signals')).toEqual([{ n: 0 }])
    expect(await query(a, 'select count(*) as n from signal_feedback')).toEqual([{ n: 0 }])
  })

  test('a verdict given without a time is judged at the import', async () => {
    const line = JSON.parse(hostileFile().split('\n')[0])
    const before = new Date().toISOString()
    await ok(a, [
      'signals',
      'import',
      '--team',
      'acme',
      a.file('v.jsonl', JSON.stringify({ ...line, verdict: 'relevant' })),
    ])
    const [v] = await verdicts(a)
    expect(v).toMatchObject({ verdict: 'relevant', reason: null, dismissed: 0, keyword_lc: 'crm' })
    expect(String(v.judged_at) >= before).toBe(true)
  })
})
