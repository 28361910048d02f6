import type { Repos } from '../../storage/repos'
import { keywordKey } from '../../query/same-query'

/** Stored model answers older than this are dropped: by then the post, the profiles or the prompt have moved on. */
export const SCORE_CACHE_MAX_AGE_DAYS = 90
/**
 * docs/api.md#post-records: a post of the earlier route first shown longer ago, never marked read nor noted, is
 * forgotten.
 */
export const EARLIER_POSTS_DAYS = 90
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

/**
 * Drops, in batches, what `drop` finds made before `days` ago (it is given that ISO time and a batch size, and answers
 * how many it dropped); `complete` is false when `stop` ended it partway.
 */
export function pruneOlderThan(
  drop: (before: string, batch: number) => Promise<number>,
  a: { now: Date; days: number; stop: AbortSignal },
) {
  const before = new Date(a.now.getTime() - a.days * DAY_MS).toISOString()
  return inBatches((batch) => drop(before, batch), a.stop)
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
