import { isIP } from 'node:net'
import type { Config } from '../config/schema'
import { NETWORK_REASONS } from '../lib/network-reason'
import { smallerEncoding } from '../lib/transfer-encoding'

// docs/destinations.md#e-mail: messages go through the operator's SMTP server. nodemailer speaks SMTP (STARTTLS,
// implicit TLS, AUTH, pipelining) and builds the MIME message (HTML with a plain-text alternative, headers encoded).
type EmailSettings = Config['email']
type Message = {
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
  messageId: string
}
/**
 * What the server said: accepted, or refused with its reply code and reply (never a password); `permanent` when it
 * refused the sender, a recipient or the message with a 5yz reply, which RFC 5321 (4.2.1) says not to send again.
 */
type SendResult =
  | { ok: true; code: number; reply: string }
  | { ok: false; code: number | null; error: string; permanent?: boolean }

// Each step's limit (connecting, the greeting, each reply) and, docs/webhooks.md#retries, the whole attempt's: with
// per-step limits only, a relay slow at every step took minutes, the delivery's claim (twice this) expired, and a
// second attempt sent the message again while the first was still talking.
const TIMEOUT_MS = 15_000
const MAX_REPLY = 300

// nodemailer (some 40 modules, about 55 ms of CPU to load from the source) is loaded by the first message or check,
// not with serve, which most installs run without an e-mail destination (docs/performance.md#the-command-lines-start).
const transportOf = async (s: EmailSettings) =>
  (await import('nodemailer')).default.createTransport({
    host: s.host,
    port: s.port,
    secure: s.security === 'tls',
    requireTLS: s.security === 'starttls',
    ignoreTLS: s.security === 'none',
    auth: s.user ? { user: s.user, pass: s.password } : undefined,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    tls: { rejectUnauthorized: s.verify_certificates },
  })

/**
 * The sender: `from`, else a mailbox at the server's host. A host given as an IP address is written as an address
 * literal (RFC 5321 §4.1.3: `[192.0.2.1]`, `[IPv6:2001:db8::1]`); `lead-signals@192.0.2.1` is not a valid address
 * (docs/destinations.md#e-mail).
 */
export const senderOf = (s: EmailSettings) => s.from || `lead-signals@${domainOf(s.host)}`

function domainOf(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1')
  const version = isIP(bare)
  return version === 4 ? `[${bare}]` : version === 6 ? `[IPv6:${bare}]` : host
}
/** The domain of the sender's address ("Leads <leads@example.com>": example.com), for the Message-ID. */
export const senderDomain = (s: EmailSettings) => /@([^\s<>@]+)>?\s*$/.exec(senderOf(s))?.[1] ?? s.host

// nodemailer's error codes in the words the delivery log uses.
const WHAT: Record<string, string> = {
  EAUTH: 'sign-in refused',
  ETLS: 'TLS failed',
  EENVELOPE: 'sender or recipient refused',
  EMESSAGE: 'message refused',
  ECONNECTION: 'connection failed',
  ESOCKET: 'connection failed',
  ETIMEDOUT: 'no answer in time',
  EABORT: 'no answer in time',
  EDNS: 'host not found',
}

/**
 * A failure as the delivery log shows it: the reply code and the server's words, the password cut out. Without a
 * reply (no connection, no TLS, no answer in time) the system's own message names the operator's SMTP host and port,
 * which the team reading the log has no need of: only its error code is kept, in the words a webhook's failed
 * connection is said in ("SMTP: the connection failed (connection refused)", docs/webhooks.md#the-delivery-log).
 */
function failureOf(err: unknown, s: EmailSettings): SendResult {
  const e = err as { responseCode?: number; response?: string; code?: string; message?: string }
  if (e.code === 'EABORT') return { ok: false, code: null, error: `SMTP ${WHAT.EABORT}` }
  // A relay that hangs up mid-conversation (in the middle of a message too) had answered before: "no reply" read as
  // a server that is down. nodemailer says "Connection closed unexpectedly", without host or port.
  const closed = /connection closed/i.test(e.message ?? '') ? 'the server closed it without answering' : undefined
  const systemCode = /\bE[A-Z]{3,}\b/.exec(e.message ?? '')?.[0]
  if (!e.response && (e.code === 'ECONNECTION' || e.code === 'ESOCKET')) {
    const reason = (systemCode && NETWORK_REASONS[systemCode]) ?? systemCode ?? closed
    return { ok: false, code: null, error: `SMTP: the connection failed${reason ? ` (${reason})` : ''}` }
  }
  const words = e.response ?? systemCode ?? closed ?? (e.code ? 'no reply' : 'the server could not be used')
  // The password is cut out before the reply is cut to length: one quoted across the cut kept its first characters.
  const said = (s.password ? words.split(s.password).join('[redacted]') : words)
    .replace(/\s+/g, ' ')
    .slice(0, MAX_REPLY)
  const what = e.code ? `${WHAT[e.code] ?? e.code}: ` : ''
  // A refused sign-in or TLS (also 5yz) is the operator's configuration, fixed on this side: those are retried.
  const permanent = (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && (e.responseCode ?? 0) >= 500
  return { ok: false, code: e.responseCode ?? null, error: `SMTP ${what}${said}`, permanent }
}

/**
 * Sends one message; a new connection per message (a destination's messages are at most one a minute). The whole
 * conversation is cut off after `deadlineMs` (the connection closed, the message not handed over).
 */
export async function sendEmail(s: EmailSettings, m: Message, deadlineMs = TIMEOUT_MS): Promise<SendResult> {
  const transport = await transportOf(s)
  try {
    const info = await transport.sendMail({
      from: senderOf(s),
      to: m.to,
      subject: m.subject,
      html: m.html,
      text: m.text,
      // The smaller of the two encodings for this HTML, which its leads were counted in (lib/transfer-encoding.ts):
      // left to choose, the library could send accented text quoted-printable, three bytes for each of theirs.
      textEncoding: smallerEncoding(m.html),
      headers: m.headers,
      messageId: m.messageId,
      signal: AbortSignal.timeout(deadlineMs),
    })
    const reply = String(info.response ?? '')
    return { ok: true, code: Number(/^\d{3}/.exec(reply)?.[0] ?? 250), reply: reply.slice(0, MAX_REPLY) }
  } catch (err) {
    return failureOf(err, s)
  } finally {
    transport.close()
  }
}

/** `email check`: connects, upgrades to TLS as configured and signs in, without sending. */
export async function checkEmailServer(s: EmailSettings): Promise<SendResult> {
  const transport = await transportOf(s)
  try {
    await transport.verify()
    const tls = { tls: ' over TLS', starttls: ', upgraded to TLS (STARTTLS)', none: ' without TLS' }[s.security]
    return { ok: true, code: 250, reply: `connected${tls}, ${s.user ? 'signed in' : 'no sign-in configured'}` }
  } catch (err) {
    return failureOf(err, s)
  } finally {
    transport.close()
  }
}
