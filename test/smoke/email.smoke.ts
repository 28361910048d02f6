// E-mail from the built executable (docs/destinations.md#e-mail): nodemailer inside the compiled binary checks the
// SMTP server at start and with `email check`, and sends a test message over STARTTLS with AUTH to a real SMTP
// server (smtp-server) on 127.0.0.1, parsed here. Run after `npm run build`.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { startSmtp } from '../support/smtp'
import { cleanEnv, type Server, startServer, stopServer } from './serve'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
const AUTH = { user: 'relay', password: 'Pa55-word-never-logged' }
setDefaultTimeout(30_000)

describe('e-mail from the built executable', () => {
  let dir: string
  let server: Server
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let env: Record<string, string>

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-email-smoke-'))
    smtp = await startSmtp({ auth: AUTH })
    env = {
      LEAD_SIGNALS_POLLING_ENABLED: 'false',
      LEAD_SIGNALS_EMAIL_HOST: '127.0.0.1',
      LEAD_SIGNALS_EMAIL_PORT: String(smtp.port),
      LEAD_SIGNALS_EMAIL_USER: AUTH.user,
      LEAD_SIGNALS_EMAIL_PASSWORD: AUTH.password,
      LEAD_SIGNALS_EMAIL_FROM: 'leads@example.test',
      LEAD_SIGNALS_EMAIL_VERIFY_CERTIFICATES: 'false',
    }
    server = await startServer([BINARY, 'serve', '--demo'], dir, env)
  })

  afterAll(async () => {
    if (server) stopServer(server.proc)
    await smtp?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  // Asynchronously: the SMTP server answers from this process's event loop.
  const run = async (extra: Record<string, string> = {}) => {
    const p = Bun.spawn([BINARY, 'email', 'check'], {
      cwd: dir,
      env: cleanEnv({ ...env, ...extra }),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [code, stdout, stderr] = await Promise.all([
      p.exited,
      new Response(p.stdout).text(),
      new Response(p.stderr).text(),
    ])
    return { code, stdout, stderr }
  }

  test('start-up checks the SMTP server; email check says ok; a test e-mail arrives over STARTTLS, signed in', async () => {
    const check = await run()
    expect(check.code).toBe(0)
    expect(check.stdout).toContain(`email: ok (127.0.0.1:${smtp.port} (starttls, user relay)`)
    const call = (method: string, path: string, body?: unknown) =>
      fetch(server.url + path, {
        method,
        headers: { 'x-api-key': server.apiKey, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }).then((r) => r.json() as Promise<any>)
    const made = await call('POST', '/api/v1/webhooks', { kind: 'email', to: 'sales@example.com' })
    const tested = await call('POST', `/api/v1/webhooks/${made.endpoint.id}/test`)
    expect(tested).toMatchObject({ status: 'succeeded', lastStatusCode: 250 })
    expect(smtp.received).toHaveLength(1)
    const m = smtp.received[0]
    expect(m).toMatchObject({ to: ['sales@example.com'], secure: true, user: 'relay' })
    expect(m.mail.subject).toContain('lead-signals: test message')
    expect(String(m.mail.html)).toContain('Unsubscribe')
    expect(String(m.mail.text)).toContain('Unsubscribe: http')

    // A wrong password: exit 1 with the server's reply code, and never the password.
    const wrong = await run({ LEAD_SIGNALS_EMAIL_PASSWORD: 'not-the-one-123' })
    expect(wrong.code).toBe(1)
    expect(wrong.stdout).toContain('535')
    expect(wrong.stdout + wrong.stderr).not.toContain('not-the-one-123')

    // The server's log (stderr, read once it has exited) has the start-up check's line, and no password.
    stopServer(server.proc)
    await server.proc.exited
    await Bun.sleep(100)
    expect(server.output()).toMatch(/"event":"email_check".*"ok":true/)
    // No server.public_url here: the line warns that the e-mails' links lead to localhost (docs/destinations.md#links).
    expect(server.output()).toMatch(/"level":"warn".*"event":"email_check".*"warning":"links in e-mails/)
    expect(server.output()).not.toContain(AUTH.password)
  })
})
