import type { SearchPlatform } from '../../config/platform-names'
import { readQuery } from '../../query/parse'
import type { Needs } from '../needs'
import { mayMatchOn } from '../../query/scope'

type TargetDeps = Needs<'config' | 'searches', 'teams' | 'keywords'>

/** One upstream search of a pass, and every team it serves (each with its own spelling of the keyword). */
export type SearchTarget = {
  platform: SearchPlatform
  keyword: string
  keywordLc: string
  /** `trackedSince`: when the team started tracking the keyword (it sees everything fetched the first time). */
  teams: { teamId: string; keyword: string; trackedSince: string }[]
}

/**
 * The searches of a pass: each (platform, keyword) that some team tracks on a platform its plan includes and this
 * server has configured and whose `platform:` filters allow, once, however many teams share it. With `teamId`, the
 * searches of that team's keywords (still serving every team that tracks them, since they share the cursor).
 */
export async function pollTargets(
  deps: TargetDeps,
  teamId?: string,
  skip?: ReadonlySet<string>,
): Promise<SearchTarget[]> {
  const teams = await deps.repos.teams.list()
  const platformsOf = new Map<string, SearchPlatform[]>()
  for (const team of teams) {
    const plan = deps.config.plans[team.plan]
    platformsOf.set(
      team.id,
      (plan?.platforms ?? []).filter((p) => deps.searches.isAvailable(p) && !skip?.has(p)),
    )
  }
  const wanted = teamId ? new Set((await deps.repos.keywords.all(teamId)).map((k) => k.keywordLc)) : undefined
  const targets = new Map<string, SearchTarget>()
  for (const k of await deps.repos.keywords.all()) {
    if (wanted && !wanted.has(k.keywordLc)) continue
    const query = readQuery(k.keyword)
    for (const platform of platformsOf.get(k.teamId) ?? []) {
      if (teamId && !platformsOf.get(teamId)?.includes(platform)) continue
      // A query limited to other platforms is not searched here (docs/queries.md#filters).
      if (!mayMatchOn(query.root, platform)) continue
      const key = `${platform}\u0000${k.keywordLc}`
      let target = targets.get(key)
      if (!target) {
        target = { platform, keyword: k.keyword, keywordLc: k.keywordLc, teams: [] }
        targets.set(key, target)
      }
      target.teams.push({ teamId: k.teamId, keyword: k.keyword, trackedSince: k.createdAt })
    }
  }
  return [...targets.values()]
}
