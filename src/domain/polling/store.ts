import type { CursorUpdate, PendingKey } from '../../storage/repos/polling-types'
import { deliveriesOf } from '../webhooks/filters'
import type { StreamPosition } from '../../storage/repos/stream-positions'
import { judge } from './judge'
import { withinQueueBound } from './queue-bound'
import { stillTracked } from './tracked-now'
import type { Pair } from './cursor'
import type { Pass } from './state'
import { withoutForgotten } from '../signals/forgotten'
import { truncate } from '../../lib/text'
import { AUTHOR_CHARS } from '../signals/limits'

const keyOf = (p: Pair): PendingKey => ({ teamId: p.teamId, platform: p.platform, postId: p.postId })

/**
 * Scores pairs, then stores all that follows in one transaction: the signals and their webhook deliveries, the scored
 * pairs off the queue, the pairs not scored onto it, and, for a page of search results (`page`), the cursor past it. A
 * crash before that transaction leaves everything where it was (a page's cursor, or a stream's position, too: the page
 * is read again); a scorer that is down, or a pass stopping, leaves what it did not score queued for the next pass.
 */
export async function scoreAndStore(
  pass: Pass,
  pairs: Pair[],
  page?: { cursor?: CursorUpdate; stream?: StreamPosition; fetchedAt: string },
) {
  if (pairs.length === 0 && !page) return
  // docs/people.md#forget: their posts are not scored; the name is compared as a signal would store it, and an X
  // account by its id too, under whatever name it has now.
  const { kept, forgotten } = await withoutForgotten(pass.deps, pairs, (p) => ({
    teamId: p.teamId,
    platform: p.platform,
    author: truncate(p.mention.author, AUTHOR_CHARS),
    authorKnown: p.mention.authorKnown,
    authorId: p.mention.authorId,
  }))
  // docs/operations.md#what-a-pass-does: a keyword the team stopped tracking is neither scored nor signalled, also
  // when it was removed while the model scored; its pairs are done with.
  const { tracked, untracked } = await stillTracked(pass, kept)
  const j = await judge(pass, tracked)
  const signals = (await stillTracked(pass, j.signals)).tracked
  const created = await pass.store({
    signals,
    deliveries: await deliveriesOf(pass.deps, signals),
    // A triaged pair is done with as a scored one that did not qualify. Only the keys: the outcome may be copied to
    // a writer thread (docs/performance.md#the-polling-writer), and a pair's mention carries the post's text.
    scored: [...j.scored, ...j.triaged, ...forgotten, ...untracked].map(keyOf),
    failed: j.failed.map(keyOf),
    // Pairs drained from the queue are in it already; a page's are not.
    queue: page ? [...(await withinQueueBound(pass, j.unscored)), ...j.failed] : [],
    fetchedAt: page?.fetchedAt ?? pass.deps.clock.now().toISOString(),
    storedAt: pass.deps.clock.now(),
    cursor: page?.cursor,
    stream: page?.stream,
  })
  for (const m of j.scored) pass.counters.of(m.platform).scored++
  for (const m of j.triaged) pass.counters.of(m.platform).triaged++
  for (const m of forgotten) pass.counters.of(m.platform).forgotten++
  for (const platform of created) pass.counters.of(platform).qualified++
}
