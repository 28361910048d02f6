import { truncate } from '../../lib/text'
import { forgottenKey } from '../../storage/repos/forgotten-key'
import { AUTHOR_CHARS } from '../signals/limits'
import type { Needs } from '../needs'
import type { Pair } from './cursor'

/**
 * docs/people.md#forget: the pairs of authors their team forgot, set apart before scoring, so their posts reach no
 * scorer (a model's provider included) and are done with as scored ones that did not qualify. The name is compared as
 * a signal would store it. The transaction that stores signals checks again, for a person forgotten meanwhile.
 */
export async function withoutForgotten(deps: Needs<never, 'forgottenAuthors'>, pairs: Pair[]) {
  if (pairs.length === 0) return { kept: pairs, forgotten: [] }
  const keys = pairs.map((p) => forgottenKey(p.teamId, p.platform, truncate(p.mention.author, AUTHOR_CHARS)))
  const gone = await deps.repos.forgottenAuthors.which(keys)
  if (gone.size === 0) return { kept: pairs, forgotten: [] }
  return {
    kept: pairs.filter((_, i) => !gone.has(keys[i] as string)),
    forgotten: pairs.filter((_, i) => gone.has(keys[i] as string)),
  }
}
