// An e-mail address as a person types it: one @, no spaces or angle brackets (they would reach the SMTP envelope), a
// dotted domain. Deliverability is the server's to say.
const ADDRESS =
  /[^\s@<>()",;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+/
const MAX_ADDRESS = 254
const BARE = new RegExp(`^${ADDRESS.source}$`)
// A sender: the address alone, or after a display name (quoted, or without the commas and semicolons that would
// make it a list) in angle brackets.
const NAMED = new RegExp(`^(?:"[^"\\r\\n]*"\\s*|[^<>",;@\\r\\n]*)<(${ADDRESS.source})>$`)

/** One address, `sales@example.com`. */
export const isEmailAddress = (s: string) => s.length <= MAX_ADDRESS && BARE.test(s)

/** One sender: `leads@example.com` or `Lead Signals <leads@example.com>`. */
export function isSender(raw: string): boolean {
  const s = raw.trim()
  const named = NAMED.exec(s)
  return named ? isEmailAddress(named[1] as string) : isEmailAddress(s)
}
