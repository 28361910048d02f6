// A team name with spaces typed without quotes (docs/operations.md#teams-keys-keywords-and-profiles): the shell hands
// `--team acme corp` over as the team "acme" and a word "corp". Where "acme corp" is a team too, keyword add took
// "corp" for a keyword and tracked it for acme, the wrong team.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, dump, ok, runCli, type Workspace } from './run-cli'

let ws: Workspace
beforeAll(async () => {
  ws = createWorkspace()
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  await ok(ws, ['team', 'create', '--name', 'acme corp', '--plan', 'growth'])
  await ok(ws, ['keyword', 'add', '--team', 'acme', 'leads'])
})
afterAll(() => ws.cleanup())

describe('keyword add and remove with a team name split by the shell', () => {
  test.each([
    ['add', ['keyword', 'add', '--team', 'acme', 'corp', 'crm']],
    ['remove', ['keyword', 'remove', '--team', 'acme', 'corp', 'leads']],
  ])(
    '%s: --team acme corp, where "acme corp" is a team, exits 2 naming the quoted form, changing nothing',
    async (_name, args) => {
      const before = await dump(ws)
      const r = await runCli(ws, args)
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr: `lead-signals: "acme corp" is a team: a team name with spaces goes in quotes (--team "acme corp"); to mean team acme, put the keywords before --team (lead-signals keyword ${args[1]} corp ${args[5]} --team acme)\n`,
      })
      expect(await dump(ws)).toEqual(before)
    },
  )

  test('--team=acme corp crm is refused the same way', async () => {
    const before = await dump(ws)
    const r = await runCli(ws, ['keyword', 'add', '--team=acme', 'corp', 'crm'])
    expect(r.code).toBe(2)
    expect(r.stderr).toStartWith('lead-signals: "acme corp" is a team: a team name with spaces goes in quotes')
    expect(await dump(ws)).toEqual(before)
  })

  test('the keywords before --team are the keywords: keyword add corp --team acme tracks "corp" for acme', async () => {
    expect(await ok(ws, ['keyword', 'add', 'corp', '--team', 'acme'])).toStartWith('Now tracking "corp".\n')
    await ok(ws, ['keyword', 'remove', 'corp', '--team', 'acme'])
  })

  test('the team quoted is the team: keyword add --team "acme corp" crm tracks crm for acme corp', async () => {
    await ok(ws, ['keyword', 'add', '--team', 'acme corp', 'crm'])
    expect(await ok(ws, ['keyword', 'list', '--team', 'acme corp'])).toBe('crm\n')
    expect(await ok(ws, ['keyword', 'list', '--team', 'acme'])).toBe('leads\n')
  })
})
