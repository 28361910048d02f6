// Issue 33 item 9: `team remove` did not exist. It removes a team and everything it holds in one statement (the
// foreign keys cascade), only with --yes, and says clearly when the team is unknown (docs/operations.md#teams-keys-keywords-and-profiles).
import { afterEach, beforeEach, describe, expect, test, setDefaultTimeout } from 'bun:test'
import { fakesPerTest } from '../support/fake-upstream'
import { createWorkspace, dump, ok, query, runCli, signalLine, type Workspace, MANY_PROCESSES_MS } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

const PRIVATE_OK = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }
const receiver = fakesPerTest()
let ws: Workspace
beforeEach(() => {
  ws = createWorkspace()
})
afterEach(() => ws.cleanup())

/** A team with something in every table a team owns: keys, a user, keywords, a profile, a destination, signals. */
async function populated(name: string, origin: string) {
  await ok(ws, ['team', 'create', '--name', name, '--plan', 'growth'])
  await ok(ws, ['key', 'create', '--team', name])
  await ok(ws, ['user', 'create', '--team', name, '--email', `ann@${name}.test`], { stdin: 'a long enough secret\n' })
  await ok(ws, ['keyword', 'add', '--team', name, 'crm', 'helpdesk'])
  await ok(ws, ['icp', 'add', '--team', name, '--name', 'SaaS', '--description', 'Small B2B SaaS teams'])
  await ok(ws, ['webhook', 'add', '--team', name, '--url', `${origin}/h`], { env: PRIVATE_OK })
  ws.file(`${name}.jsonl`, `${signalLine(`${name}-1`)}\n${signalLine(`${name}-2`)}\n`)
  await ok(ws, ['signals', 'import', '--team', name, `${name}.jsonl`])
  const [team] = await query(ws, 'SELECT id FROM teams WHERE name = ?', [name])
  const [sig] = await query(ws, 'SELECT id FROM signals WHERE team_id = ?', [String(team.id)])
  await query(
    ws,
    "INSERT INTO signal_feedback (signal_id, team_id, keyword_lc, verdict, score, intent, judged_at) VALUES (?, ?, 'crm', 'relevant', 8, 'ACTIVE', '2026-11-03T00:00:00.000Z')",
    [String(sig.id), String(team.id)],
  )
  return String(team.id)
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
    const r = receiver(() => new Response('ok'))
    await populated('acme', r.origin)
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
    const r = receiver(() => new Response('ok'))
    const acme = await populated('acme', r.origin)
    const bravo = await populated('bravo', r.origin)
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
