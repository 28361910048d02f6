import { createHash } from 'node:crypto'
import { accountPersonId } from './account-id'

// The name as a signal stores it (cut to the signals' length), composed (NFC), trimmed and lower-cased.
const nameOf = (author: string) => author.normalize('NFC').trim().toLowerCase()
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * docs/people.md#forget: what is kept of an author a team forgot, a SHA-256 of the team, the platform and the name:
 * `Ann_Ops` forgotten keeps `ann_ops` out too, the same account on the platforms whose names ignore case. Every post
 * of the name is kept out.
 */
export const forgottenKey = (teamId: string, platform: string, author: string) =>
  // Led by its own word: the same three alone hash to a person's id (people-figures.ts personIdOf), which exports
  // and webhooks carried, and a row here must not tell which of those people was forgotten.
  sha256(`forgotten\u0000${teamId}\u0000${platform}\u0000${nameOf(author)}`)

/**
 * docs/people.md#forget: what is kept of an account kept by its platform id (X, people-accounts.ts) a team forgot, a
 * SHA-256 of its person's id (account-id.ts accountPersonId), so that the account stays out under any name it takes
 * later. Led by its own word, as forgottenKey is: no row here is an id an export or a webhook carried.
 */
export const forgottenAccountKey = (personId: string) => sha256(`forgotten-account\u0000${personId}`)

/**
 * docs/people.md#forget: the name such an account had, which keeps out only the posts that come without an account
 * id (a signals import): another account that takes the name later is not the one forgotten.
 */
export const forgottenAccountNameKey = (teamId: string, platform: string, author: string) =>
  sha256(`forgotten-account-name\u0000${teamId}\u0000${platform}\u0000${nameOf(author)}`)

/**
 * The key besides forgottenKey that a post's author is forgotten by: its account's, when the platform gave the
 * account's id, else the name's as a forgotten account kept by its id had it.
 */
export const otherForgottenKey = (a: { teamId: string; platform: string; author: string; authorId?: string }) =>
  a.authorId === undefined
    ? forgottenAccountNameKey(a.teamId, a.platform, a.author)
    : forgottenAccountKey(accountPersonId({ ...a, authorId: a.authorId }))

/** A statement's condition that keeps out a row whose author is forgotten; `key` is the SQL of the row's key. */
export const notForgotten = (key: string) => `not exists (select 1 from forgotten_authors f where f.key = ${key})`
