import { forgottenKey } from '../../storage/repos/forgotten-key'
import type { Needs } from '../needs'

type Authored = { teamId: string; platform: string; author: string; authorKnown?: false }

/**
 * docs/people.md#forget: `items` split into those kept and those whose author their team forgot, the name taken as
 * a signal stores it (`authorOf`). A pass sets the forgotten apart before scoring, so their posts reach no scorer (a
 * model's provider included); an import counts them. The transaction that stores signals checks again, for a person
 * forgotten meanwhile. A stand-in for an author the platform did not name (`authorKnown` false) is no one's name, so
 * not the forgotten author's: kept (docs/people.md#who-is-a-person).
 */
export async function withoutForgotten<T>(
  deps: Needs<never, 'forgottenAuthors'>,
  items: T[],
  authorOf: (item: T) => Authored,
): Promise<{ kept: T[]; forgotten: T[] }> {
  if (items.length === 0) return { kept: items, forgotten: [] }
  const keys = items.map((item) => {
    const a = authorOf(item)
    return a.authorKnown === false ? '' : forgottenKey(a.teamId, a.platform, a.author)
  })
  const gone = await deps.repos.forgottenAuthors.which(keys.filter(Boolean))
  if (gone.size === 0) return { kept: items, forgotten: [] }
  return {
    kept: items.filter((_, i) => !gone.has(keys[i] as string)),
    forgotten: items.filter((_, i) => gone.has(keys[i] as string)),
  }
}
