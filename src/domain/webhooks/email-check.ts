import { checkEmailServer, senderOf } from '../../outbound/smtp'
import type { Needs } from '../needs'
import { publicBase } from './links'

/** `warning`: what the check cannot see and the operator should (links that lead to this machine only). */
type EmailCheck = { status: 'ok' | 'not_configured' | 'failed'; detail: string; warning?: string }

// The host alone told a first-hour user neither the other settings an SMTP server needs nor where they are described.
const WHAT_TO_WRITE =
  'no [email] host: e-mail destinations are refused. To send e-mail, add an [email] table to the configuration file ' +
  'with host, your SMTP server ("smtp.example.com"); port and security, 587 with "starttls" (the default) or 465 ' +
  'with "tls"; user and password, when the server asks for a sign-in (or the password in LEAD_SIGNALS_EMAIL_PASSWORD); ' +
  'and from, the sender ("Lead Signals <leads@example.com>"). docs/destinations.md#e-mail describes each'

/**
 * `email check` and the start-up line (docs/destinations.md#checking): connects to the SMTP server, upgrades to TLS as
 * `security` says, signs in when `user` is set; sends nothing. The detail never holds the password.
 */
export async function checkEmail(deps: Needs<'config'>): Promise<EmailCheck> {
  const s = deps.config.email
  if (!s.host) return { status: 'not_configured', detail: WHAT_TO_WRITE }
  const where = `${s.host}:${s.port} (${s.security}${s.user ? `, user ${s.user}` : ', no sign-in'})`
  const r = await checkEmailServer(s)
  const checked: EmailCheck = r.ok
    ? { status: 'ok', detail: `${where}: ${r.reply}; sender ${senderOf(s)}` }
    : { status: 'failed', detail: `${where}: ${failure(r.error, r.code)}` }
  const warning = localLinks(deps.config)
  return warning ? { ...checked, warning } : checked
}

/**
 * docs/destinations.md#links: without server.public_url every e-mail's links (the console, the unsubscribe link and
 * its List-Unsubscribe header) lead to localhost, which a recipient's machine is not: said where the operator looks.
 */
const localLinks = (config: Needs<'config'>['config']) =>
  config.server.public_url
    ? undefined
    : `links in e-mails (the console, unsubscribe) lead to ${publicBase(config)}, which only this machine reaches: set server.public_url to the address your users reach the service at`

/**
 * One sentence: what failed in words (the `SMTP` the error starts with is said by the host and port already), and the
 * reply code when the server answered one its words do not already start with.
 */
function failure(error: string, code: number | null): string {
  const words = error.replace(/^SMTP:? /, '')
  return code === null || words.includes(String(code)) ? words : `${words} (reply code ${code})`
}
