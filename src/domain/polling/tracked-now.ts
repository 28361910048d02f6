import { keywordKey } from '../../query/same-query'
import type { Pass } from './state'

/**
 * Which of `items` their team still tracks the keyword of, read now: a keyword removed while a pass runs (a slow model
 * scores a page for minutes) gets no more of its scoring nor its signals, as a stream drops its matches
 * (docs/streams.md#backpressure). The same in any case, as keywords are tracked (keywordKey).
 */
export async function stillTracked<T extends { teamId: string; keyword: string }>(pass: Pass, items: T[]) {
  // A page's pairs are of a few teams: one read for all of them (docs/performance.md#tracked-keywords-in-one-read).
  const teams = [...new Set(items.map((i) => i.teamId))]
  const rows = await pass.deps.repos.keywords.keysOf(teams)
  const tracked = new Set(rows.map((k) => `${k.teamId}\u0000${k.keywordLc}`))
  // Each item looked up once (docs/performance.md#keys-made-once).
  const out = { tracked: [] as T[], untracked: [] as T[] }
  for (const i of items)
    (tracked.has(`${i.teamId}\u0000${keywordKey(i.keyword)}`) ? out.tracked : out.untracked).push(i)
  return out
}
