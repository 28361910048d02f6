import * as v from 'valibot'

// docs/destinations.md#e-mail: the operator's SMTP server for e-mail destinations. No host: e-mail is refused.
export const Email = v.strictObject({
  host: v.optional(v.string(), ''),
  port: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(65535)), 587),
  // starttls: plain connect, then STARTTLS (required); tls: TLS from the first byte (port 465); none: plain text.
  security: v.optional(v.picklist(['starttls', 'tls', 'none']), 'starttls'),
  user: v.optional(v.string(), ''),
  password: v.optional(v.string(), ''),
  from: v.optional(v.string(), ''),
  // Certificates not signed by a known authority (a relay with its own CA) are refused unless this is false.
  verify_certificates: v.optional(v.boolean(), true),
})
