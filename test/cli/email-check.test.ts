import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { checkEmail } from '../../src/domain/webhooks/email-check'
import { testConfig } from '../support/deps'
import { smtpPerTest } from '../support/smtp'
import { createWorkspace, runCli, type Workspace } from './run-cli'
import { REFUSED_PORT } from '../support/refused'

// docs/destinations.md#checking: `email check` as a real process against a real SMTP server on 127.0.0.1.
const smtp = smtpPerTest()
const AUTH = { user: 'relay', password: 'Relay-Pass-9' }
let ws: Workspace
beforeAll(() => {
  ws = createWorkspace()
})
afterAll(() => ws.cleanup())

const envOf = (c: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(c).map(([k, v]) => [`LEAD_SIGNALS_EMAIL_${k.toUpperCase()}`, String(v)]))

describe('email check', () => {
  test('ok with STARTTLS and sign-in; implicit TLS; exit 1 with the reply code on a refusal; not configured', async () => {
    const server = await smtp({ auth: AUTH })
    const ok = await runCli(ws, ['email', 'check'], { env: envOf(server.emailConfig) })
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('email: ok')
    expect(ok.stdout).toContain('starttls, user relay')
    // What was done, in one phrase: 'connected upgraded to TLS' read as a word left out.
    expect(ok.stdout).toContain('): connected, upgraded to TLS (STARTTLS), signed in;')

    const tls = await smtp({ implicitTls: true })
    const json = await runCli(ws, ['email', 'check', '--json'], { env: envOf(tls.emailConfig) })
    expect(json.code).toBe(0)
    expect(JSON.parse(json.stdout)).toMatchObject({ status: 'ok' })
    // What was done, as configured: no sign-in is claimed where none was set.
    expect(json.stdout).toContain('connected over TLS, no sign-in configured')

    const refused = await runCli(ws, ['email', 'check'], {
      env: envOf({ ...server.emailConfig, password: 'nope-123' }),
    })
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain('sign-in refused')
    expect(refused.stdout).toContain('535')
    expect(refused.stdout + refused.stderr).not.toContain('nope-123')

    const none = await runCli(ws, ['email', 'check'])
    expect(none.code).toBe(1)
    expect(none.stdout).toContain('email: not configured')
  })
})

// docs/destinations.md#checking: the detail is one sentence, the failure in words and the server's reply code only when
// it answered ("no reply code SMTP host not found" read as two messages run together).
describe('the detail of a failed check', () => {
  test('no answer: what failed, without a reply code; a refusal: the server words with its code', async () => {
    const port = REFUSED_PORT
    const email = { host: '127.0.0.1', port, security: 'none' as const, from: 'leads@example.test' }
    const publicUrl = { public_url: 'https://leads.example.com' }
    const down = await checkEmail({ config: testConfig({ email, server: publicUrl }) })
    expect(down).toEqual({
      status: 'failed',
      detail: `127.0.0.1:${port} (none, no sign-in): the connection failed (connection refused)`,
    })

    const server = await smtp({ auth: AUTH })
    const refused = await checkEmail({ config: testConfig({ email: { ...server.emailConfig, password: 'nope-123' } }) })
    expect(refused.status).toBe('failed')
    expect(refused.detail).toStartWith(`127.0.0.1:${server.port} (starttls, user relay): sign-in refused: 535 `)
  })
})

// docs/destinations.md#links: without server.public_url every link in an e-mail (the console, the unsubscribe link and
// its List-Unsubscribe header) leads to http://localhost:{port}, which no recipient on another machine reaches.
describe('links in e-mails without server.public_url', () => {
  test('the check says where the links lead and which setting to give; with public_url it says nothing of it', async () => {
    const server = await smtp()
    const local = await runCli(ws, ['email', 'check'], {
      env: { ...envOf(server.emailConfig), LEAD_SIGNALS_SERVER_PORT: '8123' },
    })
    expect(local.code).toBe(0)
    expect(local.stdout).toContain('email: ok')
    expect(local.stdout).toContain('http://localhost:8123')
    expect(local.stdout).toContain('server.public_url')

    const configured = await checkEmail({
      config: testConfig({ email: server.emailConfig, server: { public_url: 'https://leads.example.com' } }),
    })
    expect(configured).toMatchObject({ status: 'ok' })
    expect(JSON.stringify(configured)).not.toContain('public_url')
  })
})

// docs/destinations.md#e-mail: with no [email] table the check named the missing host and nothing else, so a first-hour
// user learnt neither the other settings an SMTP server needs nor where they are described.
describe('email check with no [email] table', () => {
  test('says which settings to write and where they are described', async () => {
    const none = await checkEmail({ config: testConfig({}) })
    expect(none.status).toBe('not_configured')
    for (const setting of ['[email]', 'host', 'port', 'security', 'user', 'password', 'from'])
      expect(none.detail).toContain(setting)
    expect(none.detail).toContain('LEAD_SIGNALS_EMAIL_PASSWORD')
    expect(none.detail).toContain('docs/destinations.md#e-mail')
  })
})
