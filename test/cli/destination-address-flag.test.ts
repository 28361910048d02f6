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

/** `webhook add --team acme FLAGS` exits 2 with `line` alone on stderr. */
async function expectRefused(flags: string[], line: string) {
  const r = await runCli(ws, ['webhook', 'add', '--team', 'acme', ...flags])
  expect({ flags, code: r.code, stdout: r.stdout, stderr: r.stderr }).toEqual({
    flags,
    code: 2,
    stdout: '',
    stderr: `lead-signals: ${line}\n`,
  })
}

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
    for (const [flags, line] of cases) await expectRefused(flags, line)
  },
  MANY_PROCESSES_MS,
)

// The receiver's address is checked after the flags (it is resolved), and its refusal said "url must be…", "url
// refused: …", the API's field, not the flag typed.
test(
  'a --url that is no http(s) address or is private is refused naming --url',
  async () => {
    const cases: [string, string][] = [
      ['notaurl', '--url must be an absolute http(s) URL'],
      ['ftp://files.example/in', '--url must be an absolute http(s) URL'],
      [
        'https://127.0.0.1/in',
        '--url refused: 127.0.0.1 is a private, loopback or link-local address (a receiver on this machine or network needs the operator to set webhooks.allow_private_targets = true)',
      ],
    ]
    for (const [url, line] of cases) await expectRefused(['--url', url], line)
  },
  MANY_PROCESSES_MS,
)
