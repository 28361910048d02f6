import { aheadOfClock } from '../stream'

// Status ids as servers of the Mastodon API give them (docs/platforms.md#mastodon): strings to be taken as opaque
// (docs.joinmastodon.org/api/guidelines, "Handling IDs"). Mastodon's are integers (snowflakes) sent as strings;
// Pleroma's and Akkoma's are FlakeIds, 128 bits in base 62; GoToSocial's are ULIDs, 26 characters of Crockford's
// base 32. Each sorts in time order: Mastodon's by length and then as strings, the others as strings.

/** A Mastodon id: an integer sent as a string, of at most 30 digits. */
export const MASTODON_ID = /^\d{1,30}$/

/**
 * A status id: a Mastodon id, or 1-64 visible ASCII characters, not all digits. Anything else (empty, spaces or control
 * characters, more digits than an integer id has, longer than any server's) is not an id: it became the stream's
 * position, past which every catch-up read nothing and which a restart could not read back (docs/streams.md#outages).
 */
export const STATUS_ID = /^(?:\d{1,30}|(?=.*\D)[\x21-\x7e]{1,64})$/

/**
 * Whether status `a` comes after status `b` on the server that gave both, as far as the ids tell: integers by their
 * value, ids of one length as strings (ULIDs, FlakeIds). Ids of different kinds or lengths are undefined: the server's
 * own order is not known for them, so neither is taken for the later.
 */
export function after(a: string, b: string): boolean | undefined {
  if (/^\d+$/.test(a) && /^\d+$/.test(b) && a.length !== b.length) return a.length > b.length
  return a.length === b.length ? a > b : undefined
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const value = (digits: string, alphabet: string) =>
  [...digits].reduce((n, d) => n * BigInt(alphabet.length) + BigInt(alphabet.indexOf(d)), 0n)

/**
 * The time in milliseconds a status id stands for, where its kind says: a Mastodon id is it shifted 16 bits, a ULID's
 * first 10 characters (48 bits) are it, a FlakeId's first 64 of 128 bits (18 characters of base 62 from 1975 to 2286).
 * Another kind of id: undefined.
 */
function idTime(id: string): number | undefined {
  if (MASTODON_ID.test(id)) return Number(BigInt(id) >> 16n)
  if (/^[0-9A-HJKMNP-TV-Z]{26}$/.test(id)) return Number(value(id.slice(0, 10), CROCKFORD))
  if (/^[0-9A-Za-z]{18}$/.test(id)) return Number(value(id, BASE62) >> 64n)
  return undefined
}

/**
 * Whether a status id stands for a time ahead of this server's clock (a status from another server: when it was
 * published there). One numbered ahead of the clock (that server's clock is wrong) is read, but the catch-up does not
 * read on from it: min_id past it would read nothing until the clock caught up.
 */
export const ahead = (id: string) => {
  const ms = idTime(id)
  return ms !== undefined && aheadOfClock(ms)
}
