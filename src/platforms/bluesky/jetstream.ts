import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { type Cursor, cursorText, handed, instanceOf, parseCursor, rereadWatch } from './jetstream-cursor'
import { clockedPositions, type Connection, connectionStart, steady, storedNotAhead } from './jetstream-clock'
import { backoffMs, pause, storedPosition, type StreamReader, type StreamSink } from '../stream'
import { headOf, oversizeNote, passOverThrown, safeJson, subscription, tooLarge } from './jetstream-message'
import { closeOf, connectionFailure, type Ending, silenceWatch } from './jetstream-refusal'
import { deletedPost, Event, eventKey, toMention } from './jetstream-event'

// Jetstream (github.com/bluesky-social/jetstream, README "Consuming Jetstream"): a WebSocket at …/subscribe sending one
// JSON event per message, {did, time_us, kind: "commit" | "identity" | "account", commit: {operation, collection,
// rkey, record, cid}}. `wantedCollections` filters commits; `cursor` (Unix microseconds) replays from that time, and
// the README advises rewinding a few seconds when reconnecting, for a gapless replay that is deduplicated. Without
// `compress=true` messages are plain JSON (docs/streams.md#which-platforms-stream). Events are read in jetstream-event.ts.

// A connection that has said nothing for this long is taken as dead (Bluesky posts several times a second).
const SILENCE_MS = 30_000
// A first event this much later than the position resumed from means the instance no longer had what came between.
const GAP_US = 60_000_000

/** `silenceMs`: the silence allowance (tests, which cannot wait half a minute); `pace`: see jetstream-clock.ts. */
export function createJetstreamReader(
  config: Config['platforms']['bluesky'],
  log: Logger,
  silenceMs = SILENCE_MS,
  pace: Connection['pace'] = {},
): StreamReader {
  return {
    platform: 'bluesky',
    async read(from, sink, signal) {
      let last = storedNotAhead(storedPosition('bluesky', from, parseCursor, sink), sink)
      // The instance whose clock `last` is on, where the reader starts: each times events by its own clock, so on
      // another one what the rewind replays is handed on again, and the runner passes over what it had. One stored
      // before positions named it is the first address's; one of an address no longer configured, no instance's
      // (docs/streams.md#resuming). `readUs`: when this server read `last` (taken as its time after a restart).
      const instances = config.stream_url.map(instanceOf)
      let timedBy: string | undefined = instances[0]
      if (last?.by) timedBy = instances.includes(last.by) ? last.by : undefined
      let readUs = last?.us ?? 0
      const reread = rereadWatch(last, timedBy)
      let failures = 0
      let n = timedBy ? instances.indexOf(timedBy) : 0
      // Where to read the same instance again from, once a move found its clock further behind than the rewind.
      let readBackUs: number | undefined
      while (!signal.aborted) {
        const back = readBackUs
        readBackUs = undefined
        const endpoint = config.stream_url[n % config.stream_url.length] as string
        const instance = instances[n % instances.length] as string
        const opened = Date.now()
        const ending: Ending = {}
        const outcome = await connectOnce(endpoint, last, instance === timedBy, sink, signal, {
          instance,
          ending,
          silenceMs,
          pace,
          readUs,
          reread,
          readBackUs: back,
          readBack: (us) => {
            readBackUs = us
          },
          moved: (t) => {
            last = t
            timedBy = instance
            readUs = Date.now() * 1000
          },
        })
        if (signal.aborted) return
        // Let go for room, it resumes at the same instance, whose clock its cursor is on (docs/streams.md#backpressure).
        if (outcome === 'full' || outcome === 'readBack') {
          if (outcome === 'full') await sink.room()
          continue
        }
        const host = new URL(endpoint).host
        // A connection that sent events and closed is a disconnection; one that never said a word did not reach the
        // instance, and one that said only what is not an event is not Jetstream: failures (which the sink logs).
        if (outcome === 'heard') {
          // Retried at once only when it had been reading a while: one that closes as it opens is waited out longer
          // each time, not reconnected every second (docs/streams.md#outages).
          if (steady(opened, pace)) failures = 0
          log.warn('stream_disconnected', { platform: 'bluesky', endpoint: host, ...closeOf(ending) })
        } else sink.failed(await connectionFailure(outcome, host, ending))
        await pause(backoffMs(failures++, undefined, pace.firstRetryMs), signal)
        // A connection lost moves to the next address (docs/streams.md#settings).
        n++
      }
    },
  }
}

/**
 * One connection, until it closes, falls silent, the sink is full or `signal` aborts. With `sameClock` (the position
 * was read from this instance) skips what the rewind replays, the events before the resumed position; without, it
 * rewinds further (jetstream-clock.ts). Reports a gap when the instance starts later than it. Its positions name
 * `instance`; `ending` is told how it ended (refusalOf, closeOf), and that it was taken as dead after `silenceMs`.
 */
function connectOnce(
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
    // A message that is not an event among events is a gap, told once a connection (docs/streams.md#outages).
    let toldGarbage = false
    const ws = new WebSocket(url.toString())
    finish = () => {
      watch.stop()
      signal.removeEventListener('abort', finish)
      if (ws.readyState === WebSocket.CONNECTING || ws.readyState === WebSocket.OPEN) ws.close()
      // Events, all sent before a silence came between them and now, and silence again: a failed read (silenceWatch).
      resolve(heard && outcome === 'silent' && !ending.stale ? heard : outcome)
    }
    const watch = silenceWatch(a.silenceMs, ending, () => finish())
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
          finish()
        } else if (!toldGarbage)
          sink.gap(`Jetstream at ${new URL(endpoint).host} sent a message that is not an event; passed over`)
        toldGarbage = true
        return
      }
      heard = 'heard'
      const e = parsed.output
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
