import type { Caller } from '../core/caller'
import type { Needs } from '../needs'
import { readQuery } from '../../query/parse'
import { mayMatchOn } from '../../query/scope'
import { platformStatus } from './status'

/**
 * The console's Sources page (docs/console.md#sources): each source's health with how many of the team's keywords it
 * searches or its stream matches, those whose `platform:` filters allow it (docs/queries.md#filters), as a polling
 * pass and a stream choose them. The plan's platforms alone read as searched for a team with no keyword, or with every
 * keyword limited to another platform.
 */
export async function teamSources(
  deps: Parameters<typeof platformStatus>[0] & Needs<never, 'keywords'>,
  caller: Caller,
) {
  const [status, keywords] = await Promise.all([platformStatus(deps, caller), deps.repos.keywords.all(caller.team.id)])
  const queries = keywords.map((k) => readQuery(k.keyword).root)
  return {
    keywords: keywords.length,
    platforms: status.platforms.map((p) => {
      // Searchable here or read as a stream: Bluesky's stream needs no account while its search does
      // (docs/streams.md#settings), so "configured" alone put a running stream under "Not set up".
      const usable = p.configured || p.mode === 'stream'
      // On the plan, usable, and polled: the earlier route's own networks never are. The console places every source
      // by these three alone (Sources' parts, Getting started's source step), never by a rule of its own.
      const ready = p.inPlan && !p.earlierRouteOnly && usable
      const reach = p.earlierRouteOnly ? 0 : queries.filter((q) => mayMatchOn(q, p.platform)).length
      return { ...p, keywords: reach, usable, ready, searched: ready && reach > 0 }
    }),
  }
}
