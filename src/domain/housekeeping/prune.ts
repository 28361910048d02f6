import type { Repos } from '../../storage/repos'
import { keywordKey } from '../../query/same-query'

/** Stored model answers older than this are dropped: by then the post, the profiles or the prompt have moved on. */
export const SCORE_CACHE_MAX_AGE_DAYS = 90
const CACHE_BATCH = 5_000
const DAY_MS = 86_400_000

type PruneRepos = Pick<Repos, 'keywords' | 'housekeeping'>

/** Mentions queued for a keyword the team has stopped tracking would only be scored for nothing. */
export async function pruneUntrackedPending(repos: PruneRepos): Promise<number> {
  const tracked = new Set((await repos.keywords.all()).map((k) => `${k.teamId}\u0000${k.keywordLc}`))
  let dropped = 0
  for (const { teamId, keyword } of await repos.housekeeping.pendingKeywords()) {
    // The queue keeps the team's spelling; keywords.ts compares by keywordKey, which SQL cannot compute, so the
    // comparison is made here and re-checked by the delete.
    const keywordLc = keywordKey(keyword)
    if (tracked.has(`${teamId}\u0000${keywordLc}`)) continue
    dropped += await repos.housekeeping.dropPending(teamId, keyword, keywordLc)
  }
  return dropped
}

/** Drops old stored model answers in batches; `complete` is false when `stop` ended it partway. */
export async function pruneScoreCache(repos: Pick<PruneRepos, 'housekeeping'>, now: Date, stop: AbortSignal) {
  const before = new Date(now.getTime() - SCORE_CACHE_MAX_AGE_DAYS * DAY_MS).toISOString()
  let dropped = 0
  for (;;) {
    const n = await repos.housekeeping.dropScoreCacheBatch(before, CACHE_BATCH)
    dropped += n
    if (n < CACHE_BATCH) return { dropped, complete: true }
    if (stop.aborted) return { dropped, complete: false }
  }
}
