// docs/destinations.md#links: without server.public_url, the console's links in Slack, Discord, Teams and e-mail
// messages lead to http://localhost:{port}, which no recipient's machine reaches. Only an SMTP server's check said so:
// a team adding a Slack destination was told nothing, and its channel's "Open the console" led nowhere.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { MANY_PROCESSES_MS, runCli, type Workspace, withTeam } from './run-cli'

setDefaultTimeout(MANY_PROCESSES_MS)

// Both tests add to one copy of team acme's database: what they add does not meet.
const withAcme = withTeam('acme')
let made: Promise<Workspace> | undefined
const acme = () => {
  made ??= withAcme.make()
  return made
}
afterAll(async () => {
  if (made) (await made).cleanup()
  withAcme.cleanup()
})
const PRIVATE_OK = { LEAD_SIGNALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }
const SLACK = ['webhook', 'add', '--team', 'acme', '--kind', 'slack', '--url', 'http://127.0.0.1:9/services/T0/B0/x']

describe('webhook add on a server without a public address', () => {
  test('a Slack destination is added, with a warning on stderr naming the setting; --json keeps stdout clean', async () => {
    const ws = await acme()
    const added = await runCli(ws, SLACK, { env: PRIVATE_OK })
    expect(added.code).toBe(0)
    expect(added.stderr.trim()).toMatch(
      /^warning: its messages link the console at http:\/\/localhost:\d+, which only this machine reaches: set server\.public_url to the address your users reach the service at$/,
    )
    const json = await runCli(ws, [...SLACK, '--json'], { env: PRIVATE_OK })
    expect(JSON.parse(json.stdout).endpoint.kind).toBe('slack')
    expect(json.stderr).toContain('server.public_url')
  })

  test('no warning with server.public_url set, nor for a webhook, whose JSON holds no console link', async () => {
    const ws = await acme()
    const withAddress = await runCli(ws, SLACK, {
      env: { ...PRIVATE_OK, LEAD_SIGNALS_SERVER_PUBLIC_URL: 'https://leads.example.com' },
    })
    expect({ code: withAddress.code, stderr: withAddress.stderr }).toEqual({ code: 0, stderr: '' })
    const hook = await runCli(ws, ['webhook', 'add', '--team', 'acme', '--url', 'http://127.0.0.1:9/leads'], {
      env: PRIVATE_OK,
    })
    expect({ code: hook.code, stderr: hook.stderr }).toEqual({ code: 0, stderr: '' })
  })
})
