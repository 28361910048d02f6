import { afterAll, afterEach, beforeEach, expect, test } from 'bun:test'
import { ok, query, runCli, type Workspace, withTeam } from './run-cli'

// docs/operations.md#teams-keys-keywords-and-profiles: a key's label and an ICP profile's name (and its competitors)
// took control and direction characters, so "\e[2J\u202eEvil" was stored and went out as written wherever the name
// is printed outside the CLI's tables: `icp remove`'s line, the console, the prompt the model must answer the name
// back from, a signal's icpMatch in e-mails. A keyword and a team name refuse them; these now do too, saying why, and
// a name stored before is shown with U+FFFD by the line that removes it.

// Each test on a database of its own holding team acme (test/cli/team.test.ts checks team create).
const withAcme = withTeam('acme')
let ws: Workspace
beforeEach(async () => {
  ws = await withAcme.make()
})
afterEach(() => ws.cleanup())
afterAll(() => withAcme.cleanup())

const HOSTILE = 'Evil\u001b[2J\u202eCo'

test('a key label, a profile name or a competitor with a control or direction character is refused', async () => {
  for (const args of [
    ['key', 'create', '--team', 'acme', '--name', HOSTILE],
    ['icp', 'add', '--team', 'acme', '--name', HOSTILE, '--description', 'Heads of sales at SaaS firms'],
    [
      'icp',
      'add',
      '--team',
      'acme',
      '--name',
      'smb',
      '--description',
      'Small firms',
      '--competitors',
      `Hub, ${HOSTILE}`,
    ],
    ['icp', 'add', '--team', 'acme', '--name', 'Mid\u202emarket', '--description', 'Firms of 50 to 500'],
  ]) {
    const r = await runCli(ws, args)
    expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code: 2, stdout: '' })
    expect(r.stderr).toContain('control or direction character')
    expect(r.stderr).toMatch(/U\+(001B|202E)/)
    for (const hidden of ['\u001b', '\u202e']) expect(r.stderr).not.toContain(hidden)
  }
  expect(await query(ws, 'SELECT label FROM api_keys')).toEqual([{ label: 'first key' }])
  expect(await query(ws, 'SELECT name FROM icp_profiles')).toEqual([])
})

test('a profile stored with one before is removed with U+FFFD in its place', async () => {
  await ok(ws, ['icp', 'add', '--team', 'acme', '--name', 'Evil', '--description', 'Heads of sales'])
  await query(ws, 'UPDATE icp_profiles SET name = ?', [HOSTILE])
  const out = await ok(ws, ['icp', 'remove', '--team', 'acme', '--name', HOSTILE])
  expect(out).toBe('Removed ICP profile "Evil\ufffd[2J\ufffdCo".\n')
})
