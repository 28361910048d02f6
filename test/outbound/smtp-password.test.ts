// docs/destinations.md#e-mail: a refused sign-in is shown in the delivery log by the server's reply code and words,
// never the password, even when the server's reply quotes it (RFC 4954 §6 leaves a 535 reply's text to the server).
import { afterAll, expect, test } from 'bun:test'
import { SMTPServer } from 'smtp-server'
import { sendEmail } from '../../src/outbound/smtp'
import { PLAIN_MESSAGE as message } from '../support/smtp'

const PASSWORD = 'pw-7f3c9e1a5b2d4c6e8f0a'
// Words before the quoted password put it across the 300 characters of the reply the log keeps.
const PADDING = 'x'.repeat(270)
const server = new SMTPServer({
  authOptional: false,
  authMethods: ['PLAIN', 'LOGIN'],
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    const words = `5.7.8 ${PADDING} credentials ${auth.password} invalid`
    callback(Object.assign(new Error(words), { responseCode: 535 }))
  },
})
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
afterAll(() => new Promise<void>((done) => server.close(done)))

test('a refused sign-in whose reply quotes the password across the kept length shows no part of it', async () => {
  const settings = {
    host: '127.0.0.1',
    port: (server.server.address() as { port: number }).port,
    security: 'none' as const,
    user: 'leads',
    password: PASSWORD,
    from: 'Lead Signals <leads@example.test>',
    verify_certificates: false,
  }
  const result = await sendEmail(settings, message, 5_000)
  expect(result).toMatchObject({ ok: false, code: 535 })
  const error = result.ok ? '' : result.error
  expect(error).toStartWith('SMTP sign-in refused: 535 5.7.8 xxx')
  // No run of the password's first characters at all: a cut one gives half the secret away.
  expect(error).not.toContain(PASSWORD.slice(0, 6))
})
