// `people forget` (docs/people.md#forget): an erasure request answered from the command line: the person and their
// signals go, a later import of their posts stores nothing, and a wrong id changes nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, dump, ok, query, runCli, signalLine } from './run-cli'

const ws = createWorkspace()
const lines = [
  signalLine('p1', { author: 'ann' }),
  signalLine('p2', { author: 'ann' }),
  signalLine('p3', { author: 'bob' }),
]
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('in.jsonl', lines.join('\n'))])
})
afterAll(() => ws.cleanup())

const personOf = async (author: string) =>
  String((await query(ws, 'select id from people where author = ?', [author]))[0]?.id)

describe('people forget', () => {
  test('an unknown id or a missing one is a one-line error and changes nothing', async () => {
    const before = await dump(ws)
    const unknown = await runCli(ws, ['people', 'forget', '--team', 'acme', 'per_000000000000000000000000'])
    expect(unknown).toMatchObject({
      code: 1,
      stderr:
        'lead-signals: the team has no person per_000000000000000000000000; lead-signals people export --team acme lists its people with their ids\n',
    })
    const none = await runCli(ws, ['people', 'forget', '--team', 'acme'])
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('give exactly one person id')
    expect(await dump(ws)).toEqual(before)
  })

  test('removes the person and their signals, says how many, and keeps their posts out of a later import', async () => {
    const ann = await personOf('ann')
    const out = await ok(ws, ['people', 'forget', '--team', 'acme', ann])
    expect(out).toBe(`Forgot ${ann}: 1 account(s) and 2 signal(s) removed; their later posts will not be stored.\n`)
    expect(await query(ws, 'select author from signals')).toEqual([{ author: 'bob' }])
    const again = signalLine('p4', { author: 'ann' })
    const imported = await ok(ws, ['signals', 'import', '--team', 'acme', '--json', ws.file('again.jsonl', again)])
    expect(JSON.parse(imported)).toEqual({
      applied: true,
      imported: 0,
      duplicates: 0,
      forgotten: 1,
      rejected: [],
      rejectedCount: 0,
    })
    const said = await ok(ws, ['signals', 'import', '--team', 'acme', ws.file('again2.jsonl', again)])
    expect(said).toBe('imported 0 signals, skipped 0 duplicates, 1 post of forgotten people, rejected 0 lines\n')
    expect(await query(ws, 'select author from people')).toEqual([{ author: 'bob' }])
  })
})
