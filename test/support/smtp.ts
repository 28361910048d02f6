import { afterEach } from 'bun:test'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = {
  from: string
  to: string[]
  secure: boolean
  user: string | undefined
  mail: ParsedMail
  /** The message as sent over SMTP (DATA), its parts in their transfer encoding. */
  raw: Buffer
}
export type SmtpOptions = {
  /** Sign-in required with this user and password; absent: none asked. */
  auth?: { user: string; password: string }
  /** Implicit TLS from the first byte (port 465 style); otherwise plain with STARTTLS offered. */
  implicitTls?: boolean
  /** STARTTLS not offered (a server that cannot upgrade). */
  noStartTls?: boolean
  /** Recipients refused with 550. */
  refuse?: RegExp
  /** Recipients refused for now with 452 (a full mailbox, RFC 5321's transient reply). */
  refuseForNow?: RegExp
  /** The first this many messages: the connection is closed while the message is being sent (DATA), unanswered. */
  dropInData?: number
}

/**
 * A real SMTP server (the smtp-server library, RFC 5321 with STARTTLS and AUTH, its own self-signed certificate) on
 * 127.0.0.1; every message accepted is parsed with mailparser. The config to reach it is `emailConfig`.
 */
export async function startSmtp(o: SmtpOptions = {}) {
  const received: ReceivedMail[] = []
  let dropped = 0
  const server = new SMTPServer({
    secure: o.implicitTls ?? false,
    disabledCommands: o.noStartTls ? ['STARTTLS'] : [],
    authOptional: !o.auth,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      if (o.auth && auth.username === o.auth.user && auth.password === o.auth.password)
        return callback(null, { user: auth.username })
      const err = Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 })
      callback(err)
    },
    onRcptTo(address, _session, callback) {
      if (o.refuse?.test(address.address)) {
        const err = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
          responseCode: 550,
        })
        return callback(err)
      }
      if (o.refuseForNow?.test(address.address)) {
        const err = Object.assign(new Error('4.2.2 Mailbox full, try again later'), { responseCode: 452 })
        return callback(err)
      }
      callback()
    },
    onData(stream, session, callback) {
      if (dropped < (o.dropInData ?? 0)) {
        dropped++
        // A relay that goes away mid-message: no reply to the data, the socket closed.
        stream.once('data', () => {
          for (const c of (server as unknown as { connections: Set<{ _socket: { destroy(): void } }> }).connections)
            c._socket.destroy()
        })
        return stream.resume()
      }
      // The message as it came over the wire (its parts in their transfer encoding), then parsed.
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      new Promise<Buffer>((done) => stream.once('end', () => done(Buffer.concat(chunks))))
        .then(async (raw) => ({ raw, mail: await simpleParser(raw) }))
        .then(({ raw, mail }) => {
          received.push({
            raw,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            secure: session.secure,
            user: session.user as string | undefined,
            mail,
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  const emailConfig = {
    host: '127.0.0.1',
    port,
    security: (o.implicitTls ? 'tls' : o.noStartTls ? 'none' : 'starttls') as 'tls' | 'none' | 'starttls',
    user: o.auth?.user ?? '',
    password: o.auth?.password ?? '',
    from: 'Lead Signals <leads@example.test>',
    verify_certificates: false,
  }
  return { received, port, emailConfig, stop: () => new Promise<void>((r) => server.close(() => r())) }
}

/** `startSmtp` for tests that start servers: each is stopped after its test. */
export function smtpPerTest() {
  const started: { stop(): Promise<void> }[] = []
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()))
  })
  return async (o: SmtpOptions = {}) => {
    const s = await startSmtp(o)
    started.push(s)
    return s
  }
}

/** One small message, for tests of how a send to an SMTP server ends rather than of what it holds. */
export const PLAIN_MESSAGE = {
  to: 'sales@example.com',
  subject: 'New lead',
  html: '<p>hi</p>',
  text: 'hi',
  headers: {},
  messageId: '<msg_1@lead-signals>',
}
