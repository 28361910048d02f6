import { remember } from '../../lib/bounded-map'
import { datedByNow } from '../../lib/iso-time'
import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'
import type { StreamSink } from '../../platforms/stream'
import { type streamFigures, upstreamDate } from './figures'
import type { streamHealth } from './health'
import { type liveTracked, pairsFor } from './queries'
import type { StreamQueue } from './queue'

// Post ids recently handed on: a reconnection's rewind re-reads them (an edit is matched again).
const RECENT_IDS = 20_000

/**
 * What a stream's reader hands what it reads to (runner.ts): each post, dated by now, matched against every team's
 * tracked queries into the bounded queue with the position that covers it, once (a rewind's repeats pass over, an
 * edit is matched again); gaps, failures and signs of life go to the figures and source health.
 */
export function streamSink(given: {
  platform: string
  log: Logger
  now: () => Date
  queue: StreamQueue
  tracked: Awaited<ReturnType<typeof liveTracked>>
  figures: ReturnType<typeof streamFigures>
  health: ReturnType<typeof streamHealth>
}): StreamSink {
  const { platform, log, now, queue, tracked, figures, health } = given
  const recent = new Map<string, true>()
  return {
    item(read: Mention, position: string, a: { edited?: boolean; reread?: boolean } = {}) {
      if (!a.reread) health.heard()
      const mention = datedByNow(now())(read)
      if (recent.has(mention.id) && !a.edited) return queue.push([], position)
      remember(recent, mention.id, true, RECENT_IDS)
      const matched = pairsFor(tracked.now(), mention)
      // An edit of a post whose pairs still wait takes their place: one pair per team and post, scored as edited.
      const pairs = a.edited ? queue.revise(mention.id, matched) : matched
      // How far upstream has got is measured on the date as read: one ahead of ours says nothing of it.
      const date = upstreamDate(now(), read.date)
      figures.read(now(), date, matched.length > 0)
      figures.heard(now())
      queue.push(pairs, position, date)
    },
    heard(a = {}) {
      if (!a.reread) health.heard()
      figures.heard(now(), a.caughtUp)
      if (a.position !== undefined) queue.push([], a.position)
    },
    deleted: queue.drop,
    gap(note) {
      log.warn('stream_gap', { platform, note })
      figures.gap(now(), note)
    },
    failed(err) {
      figures.failed()
      health.failed(err)
    },
    full: queue.full,
    room: queue.room,
    now,
  }
}
