// A value the operator gave, pasted with an escape sequence in it (a copied terminal line, a colour code), came back in
// the refusal as it was: `team set --team $'x\e[2J'` cleared the screen while saying "no team with id or name". Every
// failure line now shows control and direction characters as U+FFFD, as the listings do
// (docs/operations.md#command-line).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

const HOSTILE = 'x\u001b[2J\u202e'
const SHOWN = 'x\ufffd[2J\ufffd'

test(
  'a refusal echoing a value with control characters shows them as U+FFFD',
  async () => {
    const cases: [string[], string, number][] = [
      [[HOSTILE], `unknown command "${SHOWN}"`, 2],
      [['team', 'set', '--team', HOSTILE, '--plan', 'growth'], `no team with id or name "${SHOWN}"`, 2],
      [['team', 'create', '--name', 'beta', '--plan', HOSTILE], `unknown plan "${SHOWN}"`, 2],
      [['oauth-client', 'remove', HOSTILE], `no OAuth client ${SHOWN}`, 1],
      // An e-mail with such characters is refused for its form, before any user is looked up.
      [['user', 'remove', '--team', 'acme', '--email', `${HOSTILE}@b`], 'the email must look like name@host', 2],
    ]
    for (const [args, said, code] of cases) {
      const r = await runCli(ws, args)
      expect({ args, code: r.code, stdout: r.stdout }).toEqual({ args, code, stdout: '' })
      expect(r.stderr).toContain(said)
      expect(r.stderr.includes('\u001b') || r.stderr.includes('\u202e')).toBe(false)
    }
  },
  MANY_PROCESSES_MS,
)
