import type { Repos } from '../../storage/repos'
import { keywordKey } from '../../query/same-query'

/** Stored model answers older than this are dropped: by then the post, the profiles or the prompt have moved on. */
export const SCORE_CACHE_MAX_AGE_DAYS = 90
const BATCH = 5_000
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
export function pruneScoreCache(repos: Pick<PruneRepos, 'housekeeping'>, now: Date, stop: AbortSignal) {
  const before = new Date(now.getTime() - SCORE_CACHE_MAX_AGE_DAYS * DAY_MS).toISOString()
  return inBatches((batch) => repos.housekeeping.dropScoreCacheBatch(before, batch), stop)
}

/**
 * Drops the windows of digests and e-mail batches claimed more than `days` ago (docs/operations.md#housekeeping): one
 * is recorded per window, with signals or none, an instant e-mail destination's one a minute.
 */
export function pruneDestinationWindows(
  repos: Pick<PruneRepos, 'housekeeping'>,
  now: Date,
  days: number,
  stop: AbortSignal,
) {
  const before = new Date(now.getTime() - days * DAY_MS).toISOString()
  return inBatches((batch) => repos.housekeeping.dropWindowsBatch(before, batch), stop)
}

/** Batches keep each write transaction short, so quota writes of requests in flight never wait long for the lock. */
async function inBatches(drop: (batch: number) => Promise<number>, stop: AbortSignal) {
  let dropped = 0
  for (;;) {
    const n = await drop(BATCH)
    dropped += n
    if (n < BATCH) return { dropped, complete: true }
    if (stop.aborted) return { dropped, complete: false }
  }
}
