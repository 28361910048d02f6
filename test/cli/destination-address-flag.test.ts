// `webhook add --to sales@acme.example` without --kind email was refused in the API's words, 'a webhook destination
// sends to a URL: give url, not to (to is for kind email)', naming fields this command does not have. The refusal
// now names the flags (docs/destinations.md#managing).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createWorkspace, MANY_PROCESSES_MS, ok, runCli } from './run-cli'

const ws = createWorkspace()
beforeAll(async () => {
  await ok(ws, ['team', 'create', '--name', 'acme', '--plan', 'growth'])
})
afterAll(() => ws.cleanup())

test(
  '--to without --kind email, and --url with it, are refused naming the flags',
  async () => {
    const cases: [string[], string][] = [
      [
        ['--to', 'sales@acme.example'],
        'a webhook destination sends to --url; --to is for --kind email (webhook add --kind email --to ADDRESS)',
      ],
      [
        ['--kind', 'slack', '--to', 'sales@acme.example'],
        'a slack destination sends to --url; --to is for --kind email (webhook add --kind email --to ADDRESS)',
      ],
      [['--kind', 'email', '--url', 'https://example.com/h'], 'an email destination sends to --to ADDRESS, not --url'],
    ]
    for (const [flags, line] of cases) {
      const r = await runCli(ws, ['webhook', 'add', '--team', 'acme', ...flags])
      expect({ flags, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
        flags,
        code: 2,
        stdout: '',
        stderr: `lead-signals: ${line}\n`,
      })
    }
  },
  MANY_PROCESSES_MS,
)
