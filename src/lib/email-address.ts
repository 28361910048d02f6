import { HIDING_CHARS } from './text'

// An e-mail address as a person types it: one @, no spaces or angle brackets (they would reach the SMTP envelope), nor
// a control or direction character (lib/text.ts: an address shown other than it reads, and sent so), a dotted
// domain. Deliverability is the server's to say.
const ADDRESS = new RegExp(
  `[^\\s@<>()",;:\\\\[\\]${HIDING_CHARS}]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+`,
  'u',
)
const MAX_ADDRESS = 254
const BARE = new RegExp(`^${ADDRESS.source}$`, 'u')
// A sender: the address alone, or after a display name (quoted, or without the commas and semicolons that would
// make it a list) in angle brackets.
const NAMED = new RegExp(`^(?:"[^"\\r\\n]*"\\s*|[^<>",;@\\r\\n]*)<(${ADDRESS.source})>$`, 'u')

/** One address, `sales@example.com`. */
export const isEmailAddress = (s: string) => s.length <= MAX_ADDRESS && BARE.test(s)

/** One sender: `leads@example.com` or `Lead Signals <leads@example.com>`. */
export function isSender(raw: string): boolean {
  const s = raw.trim()
  const named = NAMED.exec(s)
  return named ? isEmailAddress(named[1] as string) : isEmailAddress(s)
}
