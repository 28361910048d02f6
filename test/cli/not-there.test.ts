// A key, profile, keyword, person, user or OAuth client a command names that is not there was refused without the way
// to see what is: 'the team has no ICP profile named "x"' alone. Each refusal now ends with the command that lists
// them, as webhook remove's did (docs/operations.md#command-line).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme corp', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

test(
  'each thing that is not there is said with the command that lists what is',
  async () => {
    const cases: [string[], string][] = [
      [
        ['key', 'revoke', '--team', 'acme corp', 'lsk_nothing'],
        `the team has no active key with prefix "lsk_nothing"; lead-signals key list --team "acme corp" shows its keys`,
      ],
      [
        ['icp', 'remove', '--team', 'acme corp', '--name', 'nope'],
        `the team has no ICP profile named "nope"; lead-signals icp list --team "acme corp" shows its profiles`,
      ],
      [
        ['keyword', 'remove', '--team', 'acme corp', 'foo'],
        `not tracked by this team: "foo"; nothing was removed; lead-signals keyword list --team "acme corp" shows its keywords`,
      ],
      [
        ['people', 'forget', '--team', 'acme corp', 'per_nothing'],
        `the team has no person per_nothing; lead-signals people export --team "acme corp" lists its people with their ids`,
      ],
      [
        ['user', 'remove', '--team', 'acme corp', '--email', 'nobody@acme.test'],
        `team acme corp has no user nobody@acme.test; lead-signals user list --team "acme corp" shows its users`,
      ],
      [
        ['oauth-client', 'remove', 'nothing'],
        'no OAuth client nothing; lead-signals oauth-client list shows the clients',
      ],
    ]
    for (const [args, line] of cases) {
      const r = await runCli(ws, args)
      expect({ args, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        args,
        code: 1,
        stdout: '',
        stderr: `lead-signals: ${line}\n`,
      })
    }
  },
  MANY_PROCESSES_MS,
)

test(
  'user password of an e-mail no user has names the command that lists users, as user remove does',
  async () => {
    const r = await runCli(ws, ['user', 'password', '--email', 'nobody@acme.test'], { stdin: 'a long enough secret\n' })
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr:
        "lead-signals: no user has the email nobody@acme.test; lead-signals user list --team TEAM shows a team's users, and lead-signals team list the teams\n",
    })
  },
  MANY_PROCESSES_MS,
)
