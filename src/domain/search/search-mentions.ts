import type { SearchPlatform } from '../../config/platform-names'
import { AS_SENT, type Mention, sentContent } from '../../mention'
import type { Needs } from '../needs'
import type { Caller } from '../core/caller'
import { charged } from '../quota/charge'
import { requireConfigured, requireOnPlan } from './access'
import { SearchStopped } from './shared-search'

/**
 * docs/api.md#order-of-checks, after validation: platform on plan (403), configured (503), quota (429), then the
 * search. `signal`: the caller stopped waiting (docs/api.md#a-call-the-client-gave-up-on): the search stops, and the
 * call fails uncharged.
 */
export async function searchMentions(
  deps: Needs<'config' | 'clock' | 'searches', 'usage' | 'usageDays'>,
  caller: Caller,
  req: { keyword: string; platform: SearchPlatform; limit: number },
  signal?: AbortSignal,
) {
  requireOnPlan(caller, req.platform)
  requireConfigured(deps.searches, [req.platform])
  // What its platform request cost counts against the team's unpaid share when the call is not paid for.
  const { result, usage } = await deps.searches.unpaid.settled(caller.team.id, (charge) =>
    charged(
      deps,
      caller,
      async () => {
        const found = await deps.searches.search(req.platform, req.keyword, req.limit, charge, signal)
        stopIfAborted(signal)
        return found
      },
      signal,
    ),
  )
  // The title and kind are for matching queries only, authorKnown for storing (mention.ts): the API's mention is the
  // contract's, its content the platform's own text (docs/platforms.md#as-sent).
  const mentions = result.map(asSent)
  return { keyword: req.keyword, platform: req.platform, count: mentions.length, mentions, usage }
}

const asSent = (m: Mention) => {
  const { title, kind, authorKnown, authorId, [AS_SENT]: sent, ...mention } = m
  return { ...mention, content: sentContent(m) }
}

/** Fails the work of a caller that stopped waiting, so that it is given back its unit (quota/charge.ts). */
export function stopIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw new SearchStopped()
}
