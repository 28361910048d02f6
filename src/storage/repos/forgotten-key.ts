import { createHash } from 'node:crypto'

/**
 * docs/people.md#forget: what is kept of an author a team forgot, a SHA-256 of the team, the platform and the name as
 * stored (cut to the signals' length), composed (NFC), trimmed and lower-cased: `Ann_Ops` forgotten keeps `ann_ops`
 * out too, the same account on the platforms whose names ignore case.
 */
export const forgottenKey = (teamId: string, platform: string, author: string) =>
  createHash('sha256')
    // Led by its own word: the same three alone hash to a person's id (people-figures.ts personIdOf), which exports
    // and webhooks carried, and a row here must not tell which of those people was forgotten.
    .update(`forgotten\u0000${teamId}\u0000${platform}\u0000${author.normalize('NFC').trim().toLowerCase()}`)
    .digest('hex')

/**
 * docs/people.md#forget: what is kept of an account kept by its platform id (X, people-accounts.ts) a team forgot, a
 * SHA-256 of its person's id (account-id.ts accountPersonId), so that the account stays out under any name it takes
 * later. Led by its own word, as forgottenKey is: no row here is an id an export or a webhook carried.
 */
export const forgottenAccountKey = (personId: string) =>
  createHash('sha256').update(`forgotten-account\u0000${personId}`).digest('hex')

/** A statement's condition that keeps out a row whose author is forgotten; `key` is the SQL of the row's key. */
export const notForgotten = (key: string) => `not exists (select 1 from forgotten_authors f where f.key = ${key})`
