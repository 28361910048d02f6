import type { Config } from '../../config/schema'
import { senderDomain, sendEmail } from '../../outbound/smtp'
import type { Delivery } from '../../storage/repos/webhook-deliveries'
import type { EndpointRow } from '../../storage/repos/webhook-endpoints'
import { type AttemptResult, attemptDelivery } from './attempt'
import { goneFor } from './gone-answers'
import { consoleLink, type Links, peopleLink } from './links'
import { signingSecrets } from './signing'
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe'

// The kinds whose messages link each lead's person to their page (docs/destinations.md#links).
const PERSON_LINKED = new Set(['email', 'slack', 'teams', 'discord'])

/** The links a destination's messages carry; an e-mail's include its unsubscribe link. */
export const linksOf = (config: Config, e: EndpointRow): Links => ({
  console: consoleLink(config),
  ...(PERSON_LINKED.has(e.kind) && { people: peopleLink(config) }),
  ...(e.kind === 'email' && { unsubscribe: unsubscribeUrl(config, e) }),
})

/**
 * One attempt of a delivery whose body is built: an e-mail through the SMTP server (the server's reply code is the
 * attempt's status code), anything else a signed POST (attempt.ts).
 */
export async function sendBody(
  config: Config,
  e: EndpointRow,
  d: Delivery,
  body: string,
  now: Date,
): Promise<AttemptResult> {
  if (e.kind !== 'email')
    return attemptDelivery({
      url: e.url,
      id: d.id,
      body,
      secrets: signingSecrets(e, now.getTime()),
      now,
      allowPrivate: config.webhooks.allow_private_targets,
      goneWhen: (status, answer) => goneFor(e.kind, status, answer),
    })
  if (!config.email.host)
    return { ok: false, statusCode: null, gone: false, error: 'e-mail is not configured on this server ([email] host)' }
  const parts = JSON.parse(body) as { subject: string; html: string; text: string }
  const unsubscribe = unsubscribeUrl(config, e)
  const sent = await sendEmail(config.email, {
    to: e.emailTo as string,
    ...parts,
    // RFC 2369 and RFC 8058: mail clients show an unsubscribe button that posts to the link, no sign-in needed.
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      // RFC 3834: a program's message, to which out-of-office and other automatic responders do not answer (a digest
      // a day to a team on holiday otherwise drew a reply a day to the sender's mailbox).
      'Auto-Submitted': 'auto-generated',
      'X-Lead-Signals-Destination': e.id,
    },
    // The delivery id: an attempt sent again after a crash is the same message to a client that removes duplicates.
    // After the @, the sender's domain (RFC 5322 3.6.4): mail filters count a right side without a dot as malformed.
    messageId: `<${d.id}.${unsubscribeToken(e).slice(-8)}@${senderDomain(config.email)}>`,
  })
  return sent.ok
    ? { ok: true, statusCode: sent.code }
    : { ok: false, statusCode: sent.code, gone: false, final: sent.permanent, error: sent.error }
}
