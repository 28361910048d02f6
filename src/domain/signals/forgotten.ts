import { forgottenKey, otherForgottenKey } from '../../storage/repos/forgotten-key'
import type { Needs } from '../needs'

type Authored = { teamId: string; platform: string; author: string; authorKnown?: false; authorId?: string }

/**
 * The keys an author is forgotten by: the name's, and the account's when the platform gave its id (X, Bluesky's
 * stream). A Bluesky author is also forgotten by the DID as a name: the stream named its people so before it asked
 * their handles (docs/streams.md#author-names), and one forgotten then stays out under the handle.
 */
const keysOf = (a: Authored) => {
  if (a.authorKnown === false) return []
  const keys = [forgottenKey(a.teamId, a.platform, a.author), otherForgottenKey(a)]
  if (a.platform === 'bluesky' && a.authorId?.startsWith('did:') && a.authorId !== a.author)
    keys.push(forgottenKey(a.teamId, a.platform, a.authorId))
  return keys
}

/**
 * docs/people.md#forget: `items` split into those kept and those whose author their team forgot, the name taken as
 * a signal stores it (`authorOf`). A pass sets the forgotten apart before scoring, so their posts reach no scorer (a
 * model's provider included); an import counts them. The transaction that stores signals checks again, for a person
 * forgotten meanwhile. A stand-in for an author the platform did not name (`authorKnown` false) is no one's name, so
 * not the forgotten author's: kept (docs/people.md#who-is-a-person). An account kept by its id (X) is kept out under
 * any name it has taken since, and another account that took its name is not (docs/people.md#renamed-accounts).
 */
export async function withoutForgotten<T>(
  deps: Needs<never, 'forgottenAuthors'>,
  items: T[],
  authorOf: (item: T) => Authored,
): Promise<{ kept: T[]; forgotten: T[] }> {
  if (items.length === 0) return { kept: items, forgotten: [] }
  // A key holds its team, and most teams forgot no one: their items are not hashed, two SHA-256 each
  // (docs/performance.md#forgotten-authors-by-team).
  const authors = items.map(authorOf)
  const teams = await deps.repos.forgottenAuthors.teamsThatForgot(authors.map((a) => a.teamId))
  if (teams.size === 0) return { kept: items, forgotten: [] }
  const keys = authors.map((a) => (teams.has(a.teamId) ? keysOf(a) : []))
  const gone = await deps.repos.forgottenAuthors.which(keys.flat())
  if (gone.size === 0) return { kept: items, forgotten: [] }
  const isGone = keys.map((k) => k.some((key) => gone.has(key)))
  return { kept: items.filter((_, i) => !isGone[i]), forgotten: items.filter((_, i) => isGone[i]) }
}
