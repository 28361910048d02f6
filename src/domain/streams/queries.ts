import type { SearchPlatform } from '../../config/platform-names'
import type { Query } from '../../query/ast'
import { candidateIndex } from '../../query/candidates'
import { matchesQuery, postFacts } from '../../query/match'
import { readQuery } from '../../query/parse'
import { mayMatchOn, usesField } from '../../query/scope'
import type { Mention } from '../../mention'
import { languageOf, loadLanguageDetector } from '../search/language'
import type { Pair } from '../polling/cursor'
import type { Config } from '../../config/schema'
import type { createKeywordsRepo } from '../../storage/repos/keywords'
import type { createTeamsRepo } from '../../storage/repos/teams'

/** A tracked keyword of a team whose plan includes the platform, parsed once. */
type Tracked = { teamId: string; keyword: string; query: Query }

const detect = (text: string) => {
  const language = languageOf(text)
  return language === 'und' ? undefined : language
}

// The queries of the last refresh, by their text (a keyword's query does not change while it is tracked).
let known = new Map<string, Query>()

type TrackedDeps = {
  config: Pick<Config, 'plans'>
  repos: { teams: ReturnType<typeof createTeamsRepo>; keywords: ReturnType<typeof createKeywordsRepo> }
}

type Row = { teamId: string; keyword: string }
type Built = { rows: Row[]; index: ReturnType<typeof candidateIndex<Tracked>> & { tracks(p: Pair): boolean } }
// Each platform's last index and the (team, keyword) rows it was built from: a refresh that reads the same rows keeps
// it rather than parsing and indexing them again, garbage that a stream tracking 10,000 queries would otherwise make
// every refresh (docs/performance.md#streams).
const lastBuilt = new Map<SearchPlatform, Built>()

const sameRows = (a: Row[], b: Row[]) =>
  a.length === b.length && a.every((r, i) => r.keyword === b[i]?.keyword && r.teamId === b[i]?.teamId)

/**
 * Every team's tracked queries that can match on `platform` (the plan includes it, no `platform:` filter rules it
 * out), read from the database: the stream matches each post against all of them (docs/queries.md#matching).
 */
export async function trackedOn(deps: TrackedDeps, platform: SearchPlatform) {
  const teams = new Set(
    (await deps.repos.teams.list())
      .filter((t) => deps.config.plans[t.plan]?.platforms.includes(platform))
      .map((t) => t.id),
  )
  const rows = (await deps.repos.keywords.tracked()).filter((k) => teams.has(k.teamId))
  const last = lastBuilt.get(platform)
  if (last && sameRows(last.rows, rows)) return last.index
  const tracked: Tracked[] = []
  const parsed = new Map<string, Query>()
  for (const k of rows) {
    // Parsed once and kept while tracked: each term's pattern is compiled once, not every refresh.
    const query = parsed.get(k.keyword) ?? known.get(k.keyword) ?? readQuery(k.keyword)
    parsed.set(k.keyword, query)
    if (mayMatchOn(query.root, platform)) tracked.push({ teamId: k.teamId, keyword: k.keyword, query })
  }
  known = parsed
  if (tracked.some((t) => usesField(t.query.root, 'lang'))) await loadLanguageDetector()
  const keys = new Set(tracked.map((t) => trackedKey(t.teamId, t.keyword)))
  // `tracks`: whether a pair matched earlier is still a team's, once it has waited in the queue.
  const index = { ...candidateIndex(tracked), tracks: (p: Pair) => keys.has(trackedKey(p.teamId, p.keyword)) }
  lastBuilt.set(platform, { rows, index })
  return index
}

const trackedKey = (teamId: string, keyword: string) => `${teamId}\n${keyword}`

type TrackedQueries = Awaited<ReturnType<typeof trackedOn>>

/**
 * Who tracks what on `platform` (trackedOn), read again every `ms` on a clock of its own: a post is matched as it is
 * read, and the stream reads on while a slow model scores a batch (minutes), so read only between batches, a keyword
 * added meanwhile missed every post read until the batch was stored (docs/streams.md#backpressure). A read that fails
 * is tried at the next tick: a database that stops answering is told by the batch's own steps (stall.ts).
 */
export async function liveTracked(deps: TrackedDeps, platform: SearchPlatform, ms: number) {
  let tracked = await trackedOn(deps, platform)
  let reading = false
  const timer = setInterval(() => {
    if (reading) return
    reading = true
    trackedOn(deps, platform)
      .then(
        (t) => {
          tracked = t
        },
        () => {},
      )
      .finally(() => {
        reading = false
      })
  }, ms)
  return { now: () => tracked, stop: () => clearInterval(timer) }
}

/** The (team, mention) pairs of a post: one per team and tracked query it matches, a team once per post. */
export function pairsFor(tracked: TrackedQueries, mention: Mention): Pair[] {
  const facts = postFacts(mention, detect)
  const pairs: Pair[] = []
  const teams = new Set<string>()
  for (const t of tracked.candidates(mention.title, mention.content)) {
    if (teams.has(t.teamId) || !matchesQuery(t.query, mention, detect, facts)) continue
    teams.add(t.teamId)
    pairs.push({
      teamId: t.teamId,
      platform: mention.platform,
      postId: mention.id,
      keyword: t.keyword,
      mention,
      attempts: 0,
    })
  }
  return pairs
}
