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

/**
 * Whether a status id stands for a time ahead of this server's clock. Mastodon's ids are the time they stand for, in
 * milliseconds, shifted 16 bits (a status from another server: when it was published there). One numbered ahead of
 * the clock (that server's clock is wrong) is read, but the catch-up does not read on from it: min_id past it would
 * read nothing until the clock caught up.
 */
export const ahead = (id: string) => MASTODON_ID.test(id) && aheadOfClock(Number(BigInt(id) >> 16n))
