import * as v from 'valibot'
import { type Cursor, cursorText, handed } from './jetstream-cursor'
import { clockedPositions, type Connection, connectionStart } from './jetstream-clock'
import type { StreamSink } from '../stream'
import { ILL_NAMED, headOf } from './jetstream-head'
import { oversizeNote, passOverThrown, safeJson, subscription, tooLarge } from './jetstream-message'
import { silenceWatch } from './jetstream-refusal'
import { deletedPost, Event, eventKey, toMention } from './jetstream-event'
import { wellNamed } from './atproto-ids'

// One Jetstream connection (docs/streams.md#which-platforms-stream); the reader that opens one after another, moving
// between the configured addresses and waiting out failures, is jetstream.ts.

// A first event this much later than the position resumed from means the instance no longer had what came between.
const GAP_US = 60_000_000

/**
 * One connection, until it closes, falls silent, the sink is full or `signal` aborts. With `sameClock` (the position
 * was read from this instance) skips what the rewind replays, the events before the resumed position; without, it
 * rewinds further (jetstream-clock.ts). Reports a gap when the instance starts later than it. Its positions name
 * `instance`; `ending` is told how it ended (refusalOf, closeOf), and that it was taken as dead after `silenceMs`.
 */
export function connectOnce(
  endpoint: string,
  from: Cursor | null,
  sameClock: boolean,
  sink: StreamSink,
  signal: AbortSignal,
  a: Connection,
): Promise<'heard' | 'garbage' | 'silent' | 'full' | 'oversize' | 'readBack'> {
  const { move, cursorUs, skips } = connectionStart(from, sameClock, {
    ...a,
    readBack: (us) => {
      a.readBack(us)
      outcome = 'readBack'
      finish()
    },
  })
  const url = subscription(endpoint, cursorUs)
  let at: Cursor | null = from
  const { instance, ending, moved } = a
  const next = clockedPositions(instance, new URL(endpoint).host, sink, move)
  let outcome: 'silent' | 'full' | 'oversize' | 'readBack' = 'silent'
  let finish = () => {}
  return new Promise((resolve) => {
    let heard: 'garbage' | 'heard' | undefined
    let first = true
    // A message that is not an event among events, or an event whose did or rkey is not atproto's, is a gap, told
    // once a connection (docs/streams.md#outages).
    let toldGarbage = false
    const passOver = (what: string) => {
      if (!toldGarbage) sink.gap(`Jetstream at ${new URL(endpoint).host} sent ${what}; passed over`)
      toldGarbage = true
    }
    // No permessage-deflate: Jetstream never takes it, and a server that did could send 120 MiB as 122 kB, each
    // inflated whole before the reader sees it (docs/streams.md#outages).
    const ws = new WebSocket(url.toString(), { perMessageDeflate: false })
    finish = () => {
      watch.stop()
      signal.removeEventListener('abort', finish)
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close()
      // Events, all sent before a silence came between them and now, and silence again: a failed read (silenceWatch).
      resolve(heard && outcome === 'silent' && !ending.stale ? heard : outcome)
    }
    // Narrowed to some authors (`wantedDids`), a subscription is quiet while they post nothing: not a stalled feed.
    // Jetstream answers a ping with a pong and pings every 30 s itself (pkg/server/server.go), so there either counts
    // as the connection's word (docs/streams.md#outages). The whole stream's silence stays a stall, pings or not.
    // Our ping comes after 15 s of quiet, past any replay: nothing is pending, so the stream is up to date, rather
    // than as far behind as its last wanted post is old (a replay's next event, if any, says otherwise).
    const narrowed = url.searchParams.has('wantedDids')
    const watch = silenceWatch(a.silenceMs, ending, () => finish(), narrowed ? () => ws.ping() : undefined)
    const alive = () => {
      watch.heard()
      sink.heard({ caughtUp: true })
    }
    if (narrowed) for (const frame of ['ping', 'pong']) ws.addEventListener(frame, alive)
    signal.addEventListener('abort', finish)
    ws.onopen = () => {
      ending.opened = true
    }
    ws.onclose = (e) => {
      ending.close = { code: e.code, reason: e.reason, clean: e.wasClean }
      finish()
    }
    ws.onerror = (e) => {
      ending.error = (e as ErrorEvent).message
      finish()
    }
    ws.onmessage = passOverThrown(sink, (message) => {
      watch.heard()
      if (tooLarge(message.data)) {
        // Not decoded. When its first fields say which event it is, it is a gap, read past and skipped when a rewind
        // replays it (a move's replay is no activity, told before): else each reconnection would drop it, for good.
        const e = headOf(message.data)
        if (!e) {
          outcome = 'oversize'
          return finish()
        }
        heard = 'heard'
        if (e === ILL_NAMED || !wellNamed(e)) return passOver("an event whose did or rkey is not atproto's syntax")
        if (skips && from !== null && handed(from, e)) return
        at = next(at, e)
        const again = a.reread(at, e.key, skips)
        if (!again) sink.gap(oversizeNote(e.time_us))
        sink.heard({ position: cursorText(at), reread: again })
        return moved(at)
      }
      const parsed = v.safeParse(Event, safeJson(message.data))
      if (!parsed.success) {
        // The first message not an event: not Jetstream, a failed read at once, though the connection stays open.
        if (!heard) {
          heard = 'garbage'
          toldGarbage = true
          return finish()
        }
        return passOver('a message that is not an event')
      }
      heard = 'heard'
      ending.events = true
      const e = parsed.output
      // Its did and rkey would name a post, its links and the position: outside atproto's syntax, none is written.
      if (!wellNamed(e)) return passOver("an event whose did or rkey is not atproto's syntax")
      if (e.kind === 'identity') a.renamed?.(e.did)
      watch.heard(e.time_us)
      if (first && from !== null && e.time_us - from.us > GAP_US)
        sink.gap(`Jetstream resumed ${Math.round((e.time_us - from.us) / 1e6)} s after the stored cursor`)
      first = false
      // Only what the replay repeats: live events may come a little out of time order, and are each new.
      if (skips && from !== null && handed(from, e)) return
      at = next(at, e)
      const position = cursorText(at)
      const again = a.reread(at, eventKey(e), skips)
      if (!again) watch.heard(e.time_us, true)
      ending.fresh ||= !again
      const [mention, gone] = [toMention(e, sink.now), deletedPost(e)]
      if (gone) sink.deleted?.(gone)
      if (mention) sink.item(mention, position, { reread: again })
      else sink.heard({ position, reread: again })
      moved(at)
      sink.heard({ caughtUp: Date.now() * 1000 - e.time_us < 10_000_000, reread: again })
      if (sink.full()) {
        outcome = 'full'
        finish()
      }
    })
  })
}
