import * as v from 'valibot'
import { isSender } from '../lib/email-address'

// docs/destinations.md#e-mail: the operator's SMTP server for e-mail destinations. No host: e-mail is refused.
const entries = v.strictObject({
  host: v.optional(v.string(), ''),
  port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)), 587),
  // starttls: plain connect, then STARTTLS (required); tls: TLS from the first byte (port 465); none: plain text.
  security: v.optional(v.picklist(['starttls', 'tls', 'none']), 'starttls'),
  user: v.optional(v.string(), ''),
  password: v.optional(v.string(), ''),
  // A name alone ('Lead Signals') went out as the null sender (MAIL FROM:<>) with a From: naming no one.
  from: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (s) => s.trim() === '' || isSender(s),
        'must be one address, such as "Lead Signals <leads@example.com>" or leads@example.com',
      ),
    ),
    '',
  ),
  // Certificates not signed by a known authority (a relay with its own CA) are refused unless this is false.
  verify_certificates: v.optional(v.boolean(), true),
})
type Entries = v.InferOutput<typeof entries>
const set = (s: string) => s.trim() !== ''

// A table filled half way would otherwise go unnoticed: a password without a user was never sent (no sign-in), and
// a user, password or sender without a host left e-mail destinations refused (docs/destinations.md#e-mail).
export const Email = v.pipe(
  entries,
  v.forward<Entries, v.CheckIssue<Entries>, ['host']>(
    v.check(
      (t) => set(t.host) || !(set(t.user) || set(t.password) || set(t.from)),
      'required with email.user, email.password or email.from: the SMTP server to send through',
    ),
    ['host'],
  ),
  v.forward<Entries, v.CheckIssue<Entries>, ['user']>(
    v.check(
      (t) => set(t.user) || !set(t.password),
      'required with email.password: the name to sign in to the SMTP server with',
    ),
    ['user'],
  ),
)
