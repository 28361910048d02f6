// Issue 33 item 9: `team remove` did not exist. It removes a team and everything it holds in one statement (the
// foreign keys cascade), only with --yes, and says clearly when the team is unknown
// (docs/operations.md#teams-keys-keywords-and-profiles).
import { afterAll, afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { REFUSED_PORT } from '../support/refused'
import { copiesOf, dump, ok, query, runCli, signalLine, type Workspace, MANY_PROCESSES_MS } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

const PRIVATE_OK = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }
// A destination's address is only stored here: nothing is sent, so nothing needs to listen there.
const origin = `http://127.0.0.1:${REFUSED_PORT}`
// Both tests begin on team acme populated (seven commands): made once, each test on a copy of its own.
const withAcme = copiesOf((seed) => populated(seed, 'acme'))
afterAll(() => withAcme.cleanup())
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())

const teamIdOf = async (name: string) => String((await query(ws, 'SELECT id FROM teams WHERE name = ?', [name]))[0]?.id)

/** A team with something in every table a team owns: keys, a user, keywords, a profile, a destination, signals. */
async function populated(into: Workspace, name: string) {
  await ok(into, ['team', 'create', '--name', name, '--plan', 'growth'])
  await ok(into, ['key', 'create', '--team', name])
  await ok(into, ['user', 'create', '--team', name, '--email', `ann@${name}.test`], { stdin: 'a long enough secret\n' })
  await ok(into, ['keyword', 'add', '--team', name, 'crm', 'helpdesk'])
  await ok(into, ['icp', 'add', '--team', name, '--name', 'SaaS', '--description', 'Small B2B SaaS teams'])
  await ok(into, ['webhook', 'add', '--team', name, '--url', `${origin}/h`], { env: PRIVATE_OK })
  into.file(`${name}.jsonl`, `${signalLine(`${name}-1`)}\n${signalLine(`${name}-2`)}\n`)
  await ok(into, ['signals', 'import', '--team', name, `${name}.jsonl`])
  const [team] = await query(into, 'SELECT id FROM teams WHERE name = ?', [name])
  const [sig] = await query(into, 'SELECT id FROM signals WHERE team_id = ?', [String(team.id)])
  await query(
    into,
    "INSERT INTO signal_feedback (signal_id, team_id, keyword_lc, verdict, score, intent, judged_at) VALUES (?, ?, 'crm', 'relevant', 8, 'ACTIVE', '2026-11-03T00:00:00.000Z')",
    [String(sig.id), String(team.id)],
  )
}

/** Every row of every table with a team_id column that belongs to `teamId`. */
async function rowsOf(teamId: string) {
  const out: Record<string, unknown[]> = {}
  for (const [table, rows] of Object.entries(await dump(ws))) {
    const own = rows.filter((r) => r.team_id === teamId)
    if (own.length > 0) out[table] = own
  }
  return out
}

describe('team remove', () => {
  test('without --yes, or for an unknown team, it refuses with one line and changes nothing', async () => {
    const before = await dump(ws)
    const unconfirmed = await runCli(ws, ['team', 'remove', '--team', 'acme'])
    expect(unconfirmed.code).toBe(2)
    expect(unconfirmed.stderr).toContain('team "acme"')
    expect(unconfirmed.stderr).toContain('--yes')
    expect(unconfirmed.stderr.trim().split('\n')).toHaveLength(1)
    const unknown = await runCli(ws, ['team', 'remove', '--team', 'nobody', '--yes'])
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toBe(
      'lead-signals: no team with id or name "nobody"; lead-signals team list shows the teams\n',
    )
    expect(await dump(ws)).toEqual(before)
  })

  test('with --yes it removes the team and everything it holds, and leaves another team as it was', async () => {
    await populated(ws, 'bravo')
    const [acme, bravo] = [await teamIdOf('acme'), await teamIdOf('bravo')]
    const acmeRows = await rowsOf(acme)
    // Something in each table a team owns, so that "nothing left" below means something.
    expect(Object.keys(acmeRows).sort()).toEqual(
      [
        'api_keys',
        'icp_profiles',
        'keywords',
        'people',
        'signal_feedback',
        'signals',
        'users',
        'webhook_endpoints',
      ].sort(),
    )
    const bravoBefore = await rowsOf(bravo)
    const out = await ok(ws, ['team', 'remove', '--team', 'acme', '--yes'])
    expect(out).toContain('Removed team "acme"')
    expect(await rowsOf(acme)).toEqual({})
    expect(await query(ws, 'SELECT name FROM teams')).toEqual([{ name: 'bravo' }])
    expect(await rowsOf(bravo)).toEqual(bravoBefore)
    // The team's name is free again.
    await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
  })
})
