// Team names that differ only in case: `team create --name acme` beside a team "Acme" made a second team, and a
// --team typed in a third case (ACME) then named one of them at random. A new name is now refused naming the team
// that has it; a database that already holds such a pair still works, and says how to tell them apart
// (docs/operations.md#teams-keys-keywords-and-profiles).
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { createWorkspace, dump, MANY_PROCESSES_MS, ok, query, runCli, type Workspace } from './run-cli'

let ws: Workspace
beforeEach(() => {
  ws = createWorkspace()
})
afterEach(() => ws.cleanup())

describe('team names that differ only in case', () => {
  test('team create refuses a name another team has in another case, naming that team, and changes nothing', async () => {
    await ok(ws, ['team', 'create', '--name', 'Acme', '--plan', 'growth'])
    const before = await dump(ws)
    const r = await runCli(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'lead-signals: a team named "Acme" already exists (team names are unique ignoring case); choose another name, or give --team Acme to the commands for that team\n',
    })
    expect(await dump(ws)).toEqual(before)
  })

  test(
    'a database that holds such a pair: team list says how to tell them apart, team set --name renames one',
    async () => {
      await ok(ws, ['team', 'create', '--name', 'Acme', '--plan', 'growth'])
      const id = JSON.parse(await ok(ws, ['team', 'create', '--name', 'other', '--plan', 'growth', '--json'])).id
      // As an earlier version let it be made.
      await query(ws, "UPDATE teams SET name = 'acme' WHERE id = ?", [id])
      const listed = await ok(ws, ['team', 'list'])
      expect(listed).toContain(
        `Teams "Acme" and "acme" differ only in case: give --team exactly as listed, or rename one (lead-signals team set --team ${id} --name NEW_NAME)\n`,
      )
      expect(JSON.parse(await ok(ws, ['team', 'list', '--json']))).toHaveLength(2)
      // A third spelling names both, not one of them.
      const third = await runCli(ws, ['key', 'list', '--team', 'ACME'])
      expect(third.stderr).toBe('lead-signals: no team with id or name "ACME"; did you mean "Acme" or "acme"?\n')
      // Renaming one to the other's name in another case is refused; to a new name it works, and the note goes.
      const clash = await runCli(ws, ['team', 'set', '--team', id, '--name', 'ACME'])
      expect(clash.code).toBe(2)
      expect(clash.stderr).toStartWith('lead-signals: a team named "Acme" already exists')
      expect(await ok(ws, ['team', 'set', '--team', id, '--name', 'acme-west'])).toBe(
        'Team "acme-west": plan growth, credits 0.\n',
      )
      expect(await ok(ws, ['team', 'list'])).not.toContain('differ only in case')
      // A team's own name in another case is its own to take.
      expect(await ok(ws, ['team', 'set', '--team', 'acme-west', '--name', 'Acme-West'])).toBe(
        'Team "Acme-West": plan growth, credits 0.\n',
      )
    },
    MANY_PROCESSES_MS,
  )
})
