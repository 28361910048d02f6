import type { Pair } from './cursor'
import type { Pass } from './state'

// docs/streams.md#backpressure: the most mentions the polling queue holds for one team and platform, from a stream's
// overflow or a pass while the model is down. A pass drains that queue first; 5,000 is about an hour of a model
// answering 1.5 posts a second, and 5 to 10 MB of stored posts. Past it, a stream's overflow is scored by the embedded
// model until the queue is down to half of it; with scorer.fallback = "none", what comes past it is passed over.
export const QUEUED_CAP = 5000

// The (team, platform) queues each pass has told of already: one warning a pass, not one per page.
const told = new WeakMap<Pass, Set<string>>()

/**
 * The pairs of a page that go to the polling queue while the model is down and scorer.fallback = "none"
 * (docs/operations.md#failures): each team's queue on a platform takes at most QUEUED_CAP, the bound a stream's
 * overflow has (docs/streams.md#backpressure). Without it a model that never comes back (a server never installed, a
 * model never pulled) grows the queue with every pass for as long as the server runs. What is past the bound is passed
 * over unscored, a gap, and told as `poll_queue_bound` once a pass for each team and platform.
 */
export async function withinQueueBound(pass: Pass, pairs: Pair[]): Promise<Pair[]> {
  if (pairs.length === 0 || !pass.scorer.unavailable()) return pairs
  const room = new Map<string, number>()
  const over = new Map<string, number>()
  const kept: Pair[] = []
  for (const p of pairs) {
    const key = `${p.teamId}\u0000${p.platform}`
    if (!room.has(key)) {
      const queued = (await pass.deps.repos.polling.pendingCounts(p.teamId)).get(p.platform) ?? 0
      room.set(key, Math.max(0, QUEUED_CAP - queued))
    }
    const left = room.get(key) as number
    if (left > 0) {
      room.set(key, left - 1)
      kept.push(p)
    } else over.set(key, (over.get(key) ?? 0) + 1)
  }
  const seen = told.get(pass) ?? new Set<string>()
  told.set(pass, seen)
  for (const [key, passedOver] of over) {
    if (seen.has(key)) continue
    seen.add(key)
    const [teamId, platform] = key.split('\u0000')
    pass.deps.log.warn('poll_queue_bound', {
      platform,
      teamId,
      queued: QUEUED_CAP,
      passedOver,
      next: `the model is down and scorer.fallback is "none": the mentions past ${QUEUED_CAP} queued are passed over unscored until the model answers and a pass brings the queue down`,
    })
  }
  return kept
}
