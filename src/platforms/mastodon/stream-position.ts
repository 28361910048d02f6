import type * as v from 'valibot'
import { remember } from '../../lib/bounded-map'
import { storedPosition, type StreamSink } from '../stream'
import { statusMention } from './status'
import type { StreamedStatus } from './events'
import { after, ahead, STATUS_ID } from './ids'
import { PAGE, type timelinePage } from './timeline-page'

// A catch-up reads at most this many pages of the timeline (PAGE statuses each) before it reads on from the newest.
const CATCH_UP_PAGES = 10
// Status ids recently handed on, so that one given twice (by the catch-up and the stream) is read once.
const SEEN = 10_000
// Where a catch-up reads from when the timeline was empty at the start: its first status on.
const START = '0'

type Status = v.InferOutput<typeof StreamedStatus>

/**
 * Where a Mastodon stream stands (stream.ts): the position a catch-up reads on from, moved in the server's order and
 * never to a status numbered ahead of the clock; the statuses handed on to `sink`, each once whether the stream or the
 * catch-up gave it; the catch-up of what the stream missed, read from the timeline (`page`); and what the timeline
 * lists past the position unread (`unseen`, for stall.ts). `from`: the stored position, if readable.
 */
export function streamPosition(a: {
  instance: string
  sink: StreamSink
  from: string | null
  page: ReturnType<typeof timelinePage>
  signal: AbortSignal
}) {
  const { instance, sink, from, page, signal } = a
  // Status ids are opaque strings (ids.ts): one that is not a status id is unreadable.
  // '0' (an earlier version's position for an empty timeline) would read the timeline from its oldest statuses, and
  // one numbered ahead of the clock nothing until the clock caught up: neither is a position to read on from.
  const readable = (s: string) => (STATUS_ID.test(s) && s !== START && !ahead(s) ? s : undefined)
  let last = storedPosition('mastodon', from, readable, sink)
  const seen = new Map<string, true>()
  let toldAhead = false
  // `listed`: from the timeline, whose order is the server's own, oldest first (catchUp).
  const read = (s: Status, edited = false, listed = false) => {
    // An edit (`status.update`) is read again as the status now is, whether or not it was read before: the runner
    // matches it as a new one, and the store signals a status once per team (docs/streams.md#edited-statuses). The
    // position stays: an edit adds nothing to the timeline the catch-up reads.
    if (edited) return last === null || sink.item(statusMention(instance, s), last, { edited: true })
    // Mastodon numbers a status from another server by when it was published there, so one that took longer to
    // arrive has a lower id than statuses already read: the highest id is where a catch-up reads on from, not what
    // is new on the stream. A streamed id that cannot be told later than the position (another kind of id) leaves
    // it; a listed one is later by the server's own order. What both gave is passed over the second time.
    const later = listed || last === null || last === START || after(s.id, last) === true
    if (seen.has(s.id)) {
      if (later && !ahead(s.id)) last = s.id
      return
    }
    remember(seen, s.id, true, SEEN)
    if (ahead(s.id)) {
      // Told once: a server whose clock is wrong numbers each of its statuses so.
      if (!toldAhead)
        sink.gap(`mastodon status ${s.id} is numbered ahead of this server's clock; catch-ups do not read on from it`)
      toldAhead = true
    } else if (later) last = s.id
    // Without a position yet (only a status numbered ahead gets here): its own id, which a restart does not read on
    // from (readable). '0' (the timeline from its start) is never stored.
    sink.item(statusMention(instance, s), last === null || last === START ? s.id : last)
  }
  // A status whose reading throws (a fault of ours) is passed over: taken for the connection breaking off, it was
  // read again by each reconnection's catch-up, and threw again, for as long as the timeline listed it.
  const hand = (s: Status, edited = false, listed = false) => {
    try {
      read(s, edited, listed)
    } catch (err) {
      sink.gap(`a mastodon status could not be read (${err instanceof Error ? err.message : String(err)}); passed over`)
    }
  }
  // What the stream missed, read from the timeline once the streaming connection is open: a status posted
  // while it opened is then on the one or the other (read once, by `seen`), not on neither.
  // The newest status id on the timeline that is not numbered ahead (it would be listed first), whether or not its
  // status can be read; `empty`: the timeline listed nothing.
  const newest = async () => {
    const got = await page({ limit: String(PAGE) }, signal)
    return { id: got.ids.find((id) => !ahead(id)), empty: got.empty }
  }
  const catchUp = async () => {
    // A timeline that lists nothing: what it lists next is new, read from its start (START) while this reader runs.
    // One that lists only what gives no position: no catch-up this time, the stream read from now on.
    if (last === null) {
      const at = await newest()
      last = at.id ?? (at.empty ? START : null)
    }
    for (let n = 0; last !== null; n++) {
      if (sink.full()) await sink.room()
      // The statuses just after the position, listed newest first (docs.joinmastodon.org/api/guidelines,
      // pagination): read oldest first, the position moving in the server's order, whatever its ids look like.
      const got = await page({ min_id: last, limit: String(PAGE) }, signal)
      for (const s of got.statuses.reverse()) hand(s, false, true)
      if (!got.full) break
      if (n + 1 === CATCH_UP_PAGES) {
        sink.gap(`more than ${PAGE * CATCH_UP_PAGES} statuses since the stored position; reading on from the newest`)
        last = (await newest()).id ?? last
        break
      }
    }
    // START is not a position to store: after a restart it would read the timeline from its oldest statuses.
    sink.heard({ caughtUp: true, position: last === null || last === START ? undefined : last })
  }
  // The statuses the timeline lists past the position that were not read (stall.ts).
  const unseen = async (s: AbortSignal) =>
    last === null ? [] : (await page({ min_id: last, limit: String(PAGE) }, s)).statuses.map((st) => st.id)
  return { hand, catchUp, unseen, seen: (id: string) => seen.has(id) }
}
