import type { Clock } from '../../lib/clock'
import type { Logger } from '../../lib/log'
import type { Pair } from '../polling/cursor'
import { QUEUED_CAP } from '../polling/queue-bound'
import type { createPollingRepo } from '../../storage/repos/polling'
import type { createStreamQueueBoundsRepo } from '../../storage/repos/stream-queue-bounds'

type BoundDeps = {
  log: Logger
  clock: Clock
  repos: {
    polling: Pick<ReturnType<typeof createPollingRepo>, 'pendingCounts'>
    streamQueueBounds: Pick<ReturnType<typeof createStreamQueueBoundsRepo>, 'started' | 'ended'>
  }
}

/**
 * The bound on what a stream's overflow adds to the polling queue (docs/streams.md#backpressure): `split` says which
 * pairs may be queued and which are past it: scored by the embedded model, or with `passOver` (scorer.fallback =
 * "none") passed over as a gap. It logs `stream_queue_bound` once when a team reaches the bound, and
 * `stream_queue_unbound` once its queue is down to half of it, and keeps since when it acts for source health.
 */
export function queueBound(deps: BoundDeps, platform: string, a: { cap?: number; passOver: boolean }) {
  const cap = a.cap ?? QUEUED_CAP
  // Teams at the bound, with the pairs past it since.
  const bound = new Map<string, number>()
  const half = Math.floor(cap / 2)
  const queuedOf = async (teamId: string) => (await deps.repos.polling.pendingCounts(teamId)).get(platform) ?? 0
  const past = a.passOver ? 'passed over unscored (scorer.fallback is "none")' : 'scored by the embedded scorer'

  const seen = new Map<string, number>()
  async function roomOf(teamId: string): Promise<number> {
    const queued = await queuedOf(teamId)
    seen.set(teamId, queued)
    const scored = bound.get(teamId)
    if (scored !== undefined && queued <= half) {
      bound.delete(teamId)
      await deps.repos.streamQueueBounds.ended(platform, teamId)
      deps.log.info('stream_queue_unbound', {
        platform,
        teamId,
        queued,
        ...(a.passOver ? { passedOver: scored } : { scoredByRules: scored }),
      })
    }
    return bound.has(teamId) ? 0 : Math.max(0, cap - queued)
  }

  return {
    /** `started`: the teams the bound started acting for with these pairs. */
    async split(pairs: Pair[]): Promise<{ queue: Pair[]; past: Pair[]; started: string[] }> {
      const room = new Map<string, number>()
      for (const p of pairs) if (!room.has(p.teamId)) room.set(p.teamId, await roomOf(p.teamId))
      const queue: Pair[] = []
      const pastPairs: Pair[] = []
      const started: string[] = []
      for (const p of pairs) {
        const left = room.get(p.teamId) as number
        if (left > 0) {
          room.set(p.teamId, left - 1)
          queue.push(p)
          continue
        }
        pastPairs.push(p)
        const scored = bound.get(p.teamId)
        if (scored === undefined) {
          started.push(p.teamId)
          deps.log.warn('stream_queue_bound', {
            platform,
            teamId: p.teamId,
            // The queue reached the bound in this batch, or was past it already (mentions of a scorer outage).
            queued: Math.max(cap, seen.get(p.teamId) ?? 0),
            next: `the model is behind the stream: its mentions past ${cap} queued are ${past} until a polling pass brings the queue down to ${half}`,
          })
        }
        bound.set(p.teamId, (scored ?? 0) + 1)
      }
      const since = deps.clock.now().toISOString()
      for (const teamId of started) await deps.repos.streamQueueBounds.started(platform, teamId, since)
      return { queue, past: pastPairs, started }
    },
    /** Whether some team is at the bound: its queue is then checked on each batch, so that its end is told. */
    acting: () => bound.size > 0,
    /** Checks the teams at the bound (a batch with no overflow). */
    async check() {
      for (const teamId of [...bound.keys()]) await roomOf(teamId)
    },
  }
}
